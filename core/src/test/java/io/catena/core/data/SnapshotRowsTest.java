package io.catena.core.data;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * The one list a snapshot answer travels as reads back as what was asked: key results first,
 * whatever rows the partitions hold, even when a key lies in a partition also read whole.
 */
class SnapshotRowsTest {

    private static final ChainKey ORDERS = ChainKey.of("orders", "d7");
    private static final ChainKey EMPTY = ChainKey.of("orders", "d8");

    @Test
    void keyResultsComeFirstThenEachPartitionInClusteringOrder() {
        SortedMap<String, Row> orders = new TreeMap<>(Map.of("o2", Row.of("n", 2), "o10", Row.of("n", 10)));
        Map<ChainKey, SortedMap<String, Row>> partitions = new LinkedHashMap<>();
        partitions.put(ORDERS, orders);
        partitions.put(EMPTY, new TreeMap<>());
        SnapshotRows rows = new SnapshotRows(List.of(new ReadResult(new RowKey(ORDERS, "o2"), Row.of("n", 2)),
                new ReadResult(new RowKey(ORDERS, "o9"), null)), partitions);

        List<ReadResult> flat = rows.flatten();

        assertThat(flat).extracting(r -> r.key().toString())
                .containsExactly("orders/d7#o2", "orders/d7#o9", "orders/d7#o10", "orders/d7#o2");
        SnapshotRows back = SnapshotRows.split(flat, 2, List.of(ORDERS, EMPTY));
        assertThat(back).isEqualTo(rows);
        assertThat(back.partitions().get(EMPTY)).as("an empty partition is empty, not missing").isEmpty();
        assertThat(back.keyReads().get(1).row()).as("an absent row asked by key stays a key result").isNull();
    }

    @Test
    void anAnswerThatDoesNotFollowTheLayoutIsRefused() {
        ReadResult stray = new ReadResult(new RowKey(EMPTY, "x"), Row.of("n", 1));
        ReadResult absent = new ReadResult(new RowKey(ORDERS, "x"), null);

        assertThatThrownBy(() -> SnapshotRows.split(List.of(), 1, List.of()))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("a snapshot read of 1 rows was answered with 0 results");
        assertThatThrownBy(() -> SnapshotRows.split(List.of(stray), 0, List.of(ORDERS)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("of a partition it did not ask for");
        assertThatThrownBy(() -> SnapshotRows.split(List.of(absent), 0, List.of(ORDERS)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("an absent row orders/d7#x");
    }

    @Property(tries = 300)
    void everyAnswerSurvivesFlatteningAndSplitting(@ForAll("answers") SnapshotRows rows) {
        List<ChainKey> asked = new ArrayList<>(rows.partitions().keySet());

        assertThat(SnapshotRows.split(rows.flatten(), rows.keyReads().size(), asked)).isEqualTo(rows);
    }

    @Provide
    Arbitrary<SnapshotRows> answers() {
        Arbitrary<ChainKey> keys = Combinators.combine(Arbitraries.of("t", "u"), Arbitraries.of("p", "q", "r"))
                .as(ChainKey::of);
        Arbitrary<String> clusterings = Arbitraries.strings().ofMaxLength(3);
        Arbitrary<Row> rows = Arbitraries.longs().map(n -> Row.of("n", n));
        Arbitrary<ReadResult> keyReads = Combinators.combine(keys, clusterings, rows.injectNull(0.3))
                .as((k, c, r) -> new ReadResult(new RowKey(k, c), r));
        Arbitrary<Map<ChainKey, SortedMap<String, Row>>> partitions = Arbitraries.maps(keys,
                Arbitraries.maps(clusterings, rows).ofMaxSize(4).map(m -> (SortedMap<String, Row>) new TreeMap<>(m)))
                .ofMaxSize(3);
        return Combinators.combine(keyReads.list().ofMaxSize(4), partitions).as(SnapshotRows::new);
    }
}
