package io.catena.core.data;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class RowDigestTest {

    @Test
    void equalRowsHaveEqualDigestsWhateverOrderTheirColumnsWereGivenIn() {
        Row a = Row.of(Map.of("x", Datum.of(1), "y", Datum.of("t")));
        Row b = Row.of("y", "t").with("x", Datum.of(1));
        assertThat(RowDigest.of(a)).isEqualTo(RowDigest.of(b));
    }

    @Test
    void absenceTheEmptyRowAndEveryKindOfValueAreTold() {
        List<Row> rows = List.of(Row.EMPTY, Row.of("x", 1), Row.of("x", 2), Row.of("x", "1"), Row.of("y", 1),
                Row.of("x", Datum.of(List.of(Datum.of(1)))), Row.of("x", Datum.of(List.of(Datum.of("1")))),
                Row.of("x", Datum.of(List.of())), Row.of("x", ""),
                // Where length prefixes matter: the same characters split differently.
                Row.of("ab", "c"), Row.of("a", "bc"));
        assertThat(RowDigest.of(null)).isEqualTo(RowDigest.ABSENT);
        assertThat(rows.stream().map(RowDigest::of).distinct()).hasSize(rows.size())
                .doesNotContain(RowDigest.ABSENT);
    }

    @Test
    void aPartitionsDigestSeesAChangedAnAddedAndARemovedRow() {
        TreeMap<String, Row> rows = new TreeMap<>(Map.of("a", Row.of("n", 1), "b", Row.of("n", 2)));
        RowDigest before = RowDigest.ofRows(rows);
        assertThat(RowDigest.ofRows(new TreeMap<>(rows))).isEqualTo(before);

        TreeMap<String, Row> changed = new TreeMap<>(rows);
        changed.put("b", Row.of("n", 3));
        TreeMap<String, Row> added = new TreeMap<>(rows);
        added.put("c", Row.EMPTY);
        TreeMap<String, Row> removed = new TreeMap<>(rows);
        removed.remove("a");
        assertThat(List.of(RowDigest.ofRows(changed), RowDigest.ofRows(added), RowDigest.ofRows(removed),
                RowDigest.ofRows(new TreeMap<>()))).doesNotContain(before).doesNotHaveDuplicates();
    }

    @Test
    void aLongTextIsDigestedWhole() {
        String big = "x".repeat(10_000);
        assertThat(RowDigest.of(Row.of("t", big))).isNotEqualTo(RowDigest.of(Row.of("t", big + "y")));
    }
}
