package io.catena.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.catena.core.data.Datum;
import io.catena.core.data.Row;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import org.junit.jupiter.api.Test;

class ResultRowTest {

    private final ResultRow row = new ResultRow("row accounts/alice", Row.of(Map.of(
            "balance", Datum.of(10), "owner", Datum.of("Alice"),
            "tags", Datum.of(List.of(Datum.of("a"), Datum.of("b"))),
            "mixed", Datum.of(List.of(Datum.of(1), Datum.of("x"), Datum.of(List.of(Datum.of(2))))))));

    @Test
    void typedGettersReturnPlainJavaValues() {
        assertThat(row.getLong("balance")).isEqualTo(10);
        assertThat(row.getLong("missing", -1)).isEqualTo(-1);
        assertThat(row.getString("owner")).isEqualTo("Alice");
        assertThat(row.getList("tags", String.class)).containsExactly("a", "b");
        assertThat(row.get("mixed")).isEqualTo(List.of(1L, "x", List.of(2L)));
        assertThat(row.has("owner")).isTrue();
        assertThat(row.has("nope")).isFalse();
        assertThat(row.columns()).containsExactly("balance", "mixed", "owner", "tags");
    }

    @Test
    void mistakesNameTheRowAndTheColumn() {
        assertThatThrownBy(() -> row.getLong("missing")).isInstanceOf(NoSuchElementException.class)
                .hasMessageContaining("row accounts/alice has no column 'missing'");
        assertThatThrownBy(() -> row.getLong("owner")).isInstanceOf(IllegalStateException.class)
                .hasMessage("Column 'owner' of row accounts/alice holds \"Alice\", not an integer.");
        assertThatThrownBy(() -> row.getString("balance")).hasMessageContaining("not text");
        assertThatThrownBy(() -> row.getList("owner", String.class)).hasMessageContaining("not a list");
        assertThatThrownBy(() -> row.getList("mixed", Long.class))
                .hasMessageContaining("holds x, which is not a Long");
        assertThatThrownBy(() -> row.getLong("owner", 0)).hasMessageContaining("not an integer");
    }
}
