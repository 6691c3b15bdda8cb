package io.catena.harness.check;

import static io.catena.harness.check.JsonFields.describe;
import static io.catena.harness.check.JsonFields.integer;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * Reads a history in the format documented on {@link HistoryWriter}: format 2, whose first line
 * is a {@link HistoryHeader} and whose every transaction names its session, or format 1, which has
 * neither. Blank lines are skipped; an absent {@code complete_us}, {@code version} or op
 * {@code value} reads as null, and so does an absent {@code session} in format 1. Any other
 * deviation fails with a {@link MalformedHistoryException} naming the line and the problem.
 *
 * <p>Stateless and thread-safe.
 */
public final class HistoryReader {

    private static final ObjectMapper JSON = JsonMapper.builder()
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .build();

    private HistoryReader() {
    }

    /** Reads every event of the UTF-8 file at {@code file}, in line order, in either format. */
    public static List<HistoryEvent> read(Path file) throws IOException {
        return readRecorded(file).events();
    }

    /** Reads every event from {@code reader} until its end, in line order, in either format; does not close it. */
    public static List<HistoryEvent> read(Reader reader) throws IOException {
        return readRecorded(reader).events();
    }

    /** Reads the UTF-8 file at {@code file}: its header, if it has one, and every event in line order. */
    public static RecordedHistory readRecorded(Path file) throws IOException {
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            return readRecorded(reader);
        }
    }

    /**
     * Reads {@code reader} until its end: the header if the first line that is not blank is one
     * (format 2), then every event in line order; does not close it.
     *
     * @throws MalformedHistoryException naming the first line that is not valid in the file's format
     */
    public static RecordedHistory readRecorded(Reader reader) throws IOException {
        BufferedReader lines = reader instanceof BufferedReader b ? b : new BufferedReader(reader);
        HistoryHeader header = null;
        boolean first = true;
        List<HistoryEvent> events = new ArrayList<>();
        long lineNumber = 0;
        for (String line = lines.readLine(); line != null; line = lines.readLine()) {
            lineNumber++;
            if (line.isBlank()) {
                continue;
            }
            JsonNode node = parseJson(line, lineNumber);
            if (first && node.isObject() && node.has(HeaderLine.FORMAT_FIELD)) {
                header = parse(() -> HeaderLine.read(node), lineNumber);
            } else {
                boolean sessionRequired = header != null;
                events.add(parse(() -> new EventFields(node, sessionRequired).event(), lineNumber));
            }
            first = false;
        }
        return new RecordedHistory(header, events);
    }

    /**
     * Parses one transaction line of a history without a header (format 1, where the session is
     * optional).
     *
     * @param lineNumber the line's number, used in the error message
     * @throws MalformedHistoryException if the line is not one valid event
     */
    public static HistoryEvent parseLine(String line, long lineNumber) throws MalformedHistoryException {
        JsonNode node = parseJson(line, lineNumber);
        return parse(() -> new EventFields(node, false).event(), lineNumber);
    }

    private static JsonNode parseJson(String line, long lineNumber) throws MalformedHistoryException {
        try {
            return JSON.readTree(line);
        } catch (JsonProcessingException e) {
            String where = e.getLocation() == null ? "" : " at column " + e.getLocation().getColumnNr();
            throw new MalformedHistoryException(lineNumber, "not valid JSON" + where + ": " + e.getOriginalMessage(), e);
        }
    }

    private static <T> T parse(Supplier<T> fields, long lineNumber) throws MalformedHistoryException {
        try {
            return fields.get();
        } catch (IllegalArgumentException e) {
            throw new MalformedHistoryException(lineNumber, e.getMessage(), e);
        }
    }

    /** Reads the fields of one parsed line; every problem is an IllegalArgumentException. */
    private record EventFields(JsonNode node, boolean sessionRequired) {

        HistoryEvent event() {
            if (node == null || !node.isObject()) {
                throw new IllegalArgumentException("expected a JSON object but found " + describe(node));
            }
            if (node.has(HeaderLine.FORMAT_FIELD)) {
                throw new IllegalArgumentException("a header (a line with \"format\") must be the first line");
            }
            String id = text(node, "id", "");
            JsonNode ops = node.get("ops");
            if (ops == null || !ops.isArray()) {
                throw new IllegalArgumentException("field \"ops\" must be an array but was " + describe(ops));
            }
            List<HistoryOp> parsed = new ArrayList<>(ops.size());
            for (int i = 0; i < ops.size(); i++) {
                parsed.add(op(ops.get(i), "ops[" + i + "]."));
            }
            JsonNode session = node.get("session");
            if (sessionRequired && (session == null || session.isNull())) {
                throw new IllegalArgumentException("field \"session\" must be a 64-bit integer in a history with"
                        + " a header but was " + describe(session));
            }
            return new HistoryEvent(id, nullableInteger(session, "session"), text(node, "region", ""),
                    TxnType.fromWire(text(node, "type", "")),
                    integer(node.get("invoke_us"), "invoke_us"),
                    nullableInteger(node.get("complete_us"), "complete_us"),
                    outcome(text(node, "outcome", "")),
                    nullableText(node.get("version"), "version"),
                    parsed);
        }

        private static TxnOutcome outcome(String wireName) {
            try {
                return TxnOutcome.fromWire(wireName);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("field \"outcome\": " + e.getMessage(), e);
            }
        }

        private static HistoryOp op(JsonNode op, String path) {
            if (op == null || !op.isObject()) {
                throw new IllegalArgumentException(path.substring(0, path.length() - 1)
                        + " must be an object but was " + describe(op));
            }
            OpFunction f;
            try {
                f = OpFunction.fromWire(text(op, "f", path));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("field \"" + path + "f\": " + e.getMessage(), e);
            }
            String key = text(op, "key", path);
            OpValue value = value(op.get("value"), path + "value");
            try {
                return new HistoryOp(f, key, value);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(path.substring(0, path.length() - 1) + ": " + e.getMessage(), e);
            }
        }

        private static OpValue value(JsonNode value, String field) {
            if (value == null || value.isNull()) {
                return OpValue.NIL;
            }
            if (value.isTextual()) {
                return OpValue.of(value.textValue());
            }
            if (value.isArray()) {
                List<Long> elements = new ArrayList<>(value.size());
                for (int i = 0; i < value.size(); i++) {
                    elements.add(integer(value.get(i), field + "[" + i + "]"));
                }
                return OpValue.ofList(elements);
            }
            return OpValue.of(integer(value, field));
        }

        private static String text(JsonNode parent, String name, String path) {
            return JsonFields.text(parent.get(name), path + name);
        }

        private static String nullableText(JsonNode value, String field) {
            if (value == null || value.isNull()) {
                return null;
            }
            if (!value.isTextual()) {
                throw new IllegalArgumentException("field \"" + field + "\" must be a string or null but was "
                        + describe(value));
            }
            return value.textValue();
        }

        private static Long nullableInteger(JsonNode value, String field) {
            return value == null || value.isNull() ? null : integer(value, field);
        }
    }
}
