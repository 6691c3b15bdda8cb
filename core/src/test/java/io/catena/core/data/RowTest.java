package io.catena.core.data;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** A row behaves as the sorted map of its columns, whatever order they were set in. */
class RowTest {

    @Test
    void columnsSetInAnyOrderReadBackInNameOrder() {
        Row row = Row.of("m", Datum.of(2)).with("z", Datum.of("last")).with("a", Datum.of("first"));

        assertThat(row.columns().keySet()).containsExactly("a", "m", "z");
        List<String> seen = new ArrayList<>();
        row.forEach((name, value) -> seen.add(name + "=" + value));
        assertThat(seen).hasSize(3);
        assertThat(row.name(0)).isEqualTo("a");
        assertThat(row.value(2)).isEqualTo(Datum.of("last"));
        assertThat(row.getOrNull("m")).isEqualTo(Datum.of(2));
        assertThat(row.getOrNull("b")).isNull();
        assertThat(row.getLong("m", -1)).isEqualTo(2);
        assertThat(row.getLong("absent", -1)).isEqualTo(-1);
    }

    @Test
    void withReplacesAndLeavesTheOriginalAlone() {
        Row before = Row.of(Map.of("a", Datum.of(1), "b", Datum.of(2)));
        Row after = before.with("a", Datum.of(10));

        assertThat(after.getOrNull("a")).isEqualTo(Datum.of(10));
        assertThat(before.getOrNull("a")).isEqualTo(Datum.of(1));
        assertThat(after.size()).isEqualTo(2);
    }

    @Test
    void mergeLaysTheOtherRowOver() {
        Row base = Row.of(Map.of("a", Datum.of(1), "b", Datum.of(2)));
        Row over = Row.of(Map.of("b", Datum.of(20), "c", Datum.of(30)));

        assertThat(base.merge(over).columns())
                .isEqualTo(Map.of("a", Datum.of(1), "b", Datum.of(20), "c", Datum.of(30)));
        assertThat(base.merge(Row.EMPTY)).isSameAs(base);
    }

    @Test
    void equalityAndHashAgreeWithTheColumnMap() {
        Row built = Row.of("x", Datum.of(1)).with("y", Datum.of("v"));
        TreeMap<String, Datum> map = new TreeMap<>(Map.of("x", Datum.of(1), "y", Datum.of("v")));
        Row fromMap = Row.of(map);

        assertThat(built).isEqualTo(fromMap).hasSameHashCodeAs(fromMap);
        assertThat(built.hashCode()).isEqualTo(map.hashCode());
        assertThat(built.toString()).isEqualTo(map.toString());
        assertThat(built.sizeBytes()).isEqualTo(fromMap.sizeBytes());
        assertThat(built).isNotEqualTo(built.with("y", Datum.of("w")));
    }

    @Test
    void anAbsentValueIsLeftOutNotStored() {
        assertThatThrownBy(() -> Row.of("a", (Datum) null)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("absent columns are left out");
        assertThatThrownBy(() -> Row.EMPTY.with(null, Datum.of(1))).isInstanceOf(IllegalArgumentException.class);
        assertThat(Row.of(Map.of())).isSameAs(Row.EMPTY);
        assertThat(Row.EMPTY.columns()).isEmpty();
    }
}
