package io.catena.harness.check;

import static io.catena.harness.check.JsonFields.describe;
import static io.catena.harness.check.JsonFields.integer;
import static io.catena.harness.check.JsonFields.text;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The JSON form of a {@link HistoryHeader}, as documented on {@link HistoryWriter}: written in one
 * order, read from any. Stateless.
 */
final class HeaderLine {

    /** The field whose presence makes a line a header. */
    static final String FORMAT_FIELD = "format";

    private HeaderLine() {
    }

    static void write(HistoryHeader header, JsonGenerator json) throws IOException {
        json.writeStartObject();
        json.writeNumberField(FORMAT_FIELD, HistoryHeader.FORMAT);
        json.writeStringField("workload", header.workload());
        json.writeArrayFieldStart("regions");
        for (String region : header.regions()) {
            json.writeString(region);
        }
        json.writeEndArray();
        json.writeBooleanField("comparable_clocks", header.comparableClocks());
        json.writeObjectFieldStart("tables");
        for (Map.Entry<String, KeyKind> table : header.tables().entrySet()) {
            json.writeStringField(table.getKey(), table.getValue().wireName());
        }
        json.writeEndObject();
        json.writeArrayFieldStart("initial");
        for (InitialValues rule : header.initial()) {
            json.writeStartObject();
            json.writeStringField("keys", rule.keys());
            json.writeNumberField("from", rule.from());
            json.writeNumberField("to", rule.to());
            json.writeFieldName("value");
            if (rule.value() instanceof OpValue.Int i) {
                json.writeNumber(i.value());
            } else {
                json.writeString(((OpValue.Text) rule.value()).value());
            }
            json.writeEndObject();
        }
        json.writeEndArray();
        json.writeFieldName("bank");
        if (header.bank() == null) {
            json.writeNull();
        } else {
            json.writeStartObject();
            json.writeStringField("table", header.bank().table());
            json.writeNumberField("total", header.bank().total());
            json.writeEndObject();
        }
        json.writeEndObject();
    }

    /**
     * The header a parsed first line holds.
     *
     * @throws IllegalArgumentException naming the field that is wrong
     */
    static HistoryHeader read(JsonNode node) {
        JsonNode format = node.get(FORMAT_FIELD);
        if (format == null || !format.isInt() || format.intValue() != HistoryHeader.FORMAT) {
            throw new IllegalArgumentException("this reader knows format 1 (no header) and format "
                    + HistoryHeader.FORMAT + ", not \"format\":" + format);
        }
        List<String> regions = new ArrayList<>();
        for (JsonNode region : array(node, "regions")) {
            regions.add(text(region, "regions[]"));
        }
        JsonNode clocks = node.get("comparable_clocks");
        if (clocks == null || !clocks.isBoolean()) {
            throw new IllegalArgumentException("field \"comparable_clocks\" must be true or false but was "
                    + describe(clocks));
        }
        return new HistoryHeader(text(node.get("workload"), "workload"), regions, clocks.booleanValue(),
                tables(node.get("tables")), initial(array(node, "initial")), bank(node.get("bank")));
    }

    private static Map<String, KeyKind> tables(JsonNode tables) {
        if (tables == null || !tables.isObject()) {
            throw new IllegalArgumentException("field \"tables\" must be an object but was " + describe(tables));
        }
        Map<String, KeyKind> kinds = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = tables.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> table = it.next();
            String field = "tables." + table.getKey();
            try {
                kinds.put(table.getKey(), KeyKind.fromWire(text(table.getValue(), field)));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("field \"" + field + "\": " + e.getMessage(), e);
            }
        }
        return kinds;
    }

    private static List<InitialValues> initial(JsonNode rules) {
        List<InitialValues> initial = new ArrayList<>();
        for (int i = 0; i < rules.size(); i++) {
            JsonNode rule = rules.get(i);
            String field = "initial[" + i + "]";
            JsonNode value = rule.get("value");
            OpValue parsed = value != null && value.isTextual() ? OpValue.of(value.textValue())
                    : OpValue.of(integer(value, field + ".value"));
            try {
                initial.add(new InitialValues(text(rule.get("keys"), field + ".keys"),
                        rule.has("from") ? integer(rule.get("from"), field + ".from") : 0,
                        rule.has("to") ? integer(rule.get("to"), field + ".to") : 0, parsed));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(field + ": " + e.getMessage(), e);
            }
        }
        return initial;
    }

    private static HistoryHeader.Bank bank(JsonNode bank) {
        if (bank == null || bank.isNull()) {
            return null;
        }
        return new HistoryHeader.Bank(text(bank.get("table"), "bank.table"), integer(bank.get("total"), "bank.total"));
    }

    private static JsonNode array(JsonNode parent, String name) {
        JsonNode value = parent.get(name);
        if (value == null || !value.isArray()) {
            throw new IllegalArgumentException("field \"" + name + "\" must be an array but was " + describe(value));
        }
        return value;
    }
}
