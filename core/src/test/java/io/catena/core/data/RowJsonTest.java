package io.catena.core.data;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

class RowJsonTest {

    @Test
    void writesColumnsInNameOrderAsPlainJson() {
        Row row = Row.of(Map.of("name", Datum.of("Al \"the\" \\ \n"), "balance", Datum.of(-100),
                "history", Datum.of(List.of(Datum.of(1), Datum.of("x"), Datum.of(List.of())))));
        assertThat(RowJson.encode(row))
                .isEqualTo("{\"balance\":-100,\"history\":[1,\"x\",[]],\"name\":\"Al \\\"the\\\" \\\\ \\n\"}");
        assertThat(RowJson.encode(Row.EMPTY)).isEqualTo("{}");
    }

    @Test
    void readsWhitespaceAndEscapesThatOtherWritersUse() {
        assertThat(RowJson.decode(" { \"a\" : [ 1 , \"\\u00e9\\/\" ] , \"b\" : 9223372036854775807 } "))
                .isEqualTo(Row.of(Map.of("a", Datum.of(List.of(Datum.of(1), Datum.of("é/"))),
                        "b", Datum.of(Long.MAX_VALUE))));
    }

    @Test
    void rejectsWhatIsNotAStoredRowWithTheOffset() {
        for (String bad : List.of("", "[]", "{\"a\":1.5}", "{\"a\":true}", "{\"a\":1,\"a\":2}", "{\"a\":1} x",
                "{\"a\":99999999999999999999}", "{\"a\":\"open", "{\"a\":\"\\q\"}")) {
            assertThatThrownBy(() -> RowJson.decode(bad)).as(bad)
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not a stored row");
        }
    }

    @Property(tries = 300)
    void everyRowSurvivesTheRoundTrip(@ForAll("rows") Row row) {
        assertThat(RowJson.decode(RowJson.encode(row))).isEqualTo(row);
    }

    @Provide
    Arbitrary<Row> rows() {
        Arbitrary<String> names = Arbitraries.strings().ofMinLength(0).ofMaxLength(6);
        return Arbitraries.maps(names, datum(2)).ofMaxSize(5).map(m -> Row.of(new TreeMap<>(m)));
    }

    private static Arbitrary<Datum> datum(int depth) {
        Arbitrary<Datum> leaf = Arbitraries.oneOf(Arbitraries.longs().map(Datum::of),
                Arbitraries.strings().ofMaxLength(8).map(Datum::of));
        if (depth == 0) {
            return leaf;
        }
        return Arbitraries.oneOf(leaf, datum(depth - 1).list().ofMaxSize(3).map(l -> Datum.of(new ArrayList<>(l))));
    }
}
