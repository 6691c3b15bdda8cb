package io.catena.core.membership;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.catena.core.data.ChainKey;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class OwnershipMapTest {

    private static byte[] b(int... bytes) {
        byte[] out = new byte[bytes.length];
        for (int i = 0; i < bytes.length; i++) {
            out[i] = (byte) bytes[i];
        }
        return out;
    }

    @Test
    void aPositionBelongsToTheLastRangeThatStartsAtOrBelowItComparedUnsigned() {
        OwnershipMap map = new OwnershipMap("t", List.of(new KeyRange(b(), 0), new KeyRange(b(0x10), 1),
                new KeyRange(b(0x80), 2)));
        assertThat(map.ownerOf(b())).isZero();
        assertThat(map.ownerOf(b(0x0f, 0xff))).isZero();
        assertThat(map.ownerOf(b(0x10))).isEqualTo(1);
        assertThat(map.ownerOf(b(0x7f))).isEqualTo(1);
        assertThat(map.ownerOf(b(0x80))).isEqualTo(2);
        assertThat(map.ownerOf(b(0xff, 0xff))).as("0xff is above 0x80 unsigned").isEqualTo(2);
    }

    @Test
    void evenlySpreadsHashedKeysOverEveryServerAndMergesNeighbours() {
        OwnershipMap three = OwnershipMap.evenly(3);
        Map<Integer, Integer> counts = new HashMap<>();
        for (int i = 0; i < 30_000; i++) {
            counts.merge(three.ownerOf(HashPositions.INSTANCE, ChainKey.of("t", "k" + i)), 1, Integer::sum);
        }
        assertThat(counts).containsOnlyKeys(0, 1, 2);
        counts.values().forEach(c -> assertThat(c).isBetween(8_000, 12_000));
        assertThat(OwnershipMap.evenly(1).ranges()).hasSize(1);
        assertThat(three.owners()).containsExactly(0, 1, 2);
    }

    @Test
    void reassigningMovesOneServersRangesOnlyAndEqualMapsAreEqual() {
        OwnershipMap three = OwnershipMap.evenly(3);
        OwnershipMap two = three.reassign(2, 0);
        assertThat(two.owners()).containsExactly(0, 1);
        for (int i = 0; i < 2_000; i++) {
            ChainKey key = ChainKey.of("t", "k" + i);
            int before = three.ownerOf(HashPositions.INSTANCE, key);
            assertThat(two.ownerOf(HashPositions.INSTANCE, key)).isEqualTo(before == 2 ? 0 : before);
        }
        assertThat(three.reassign(2, 2)).isEqualTo(three).hasSameHashCodeAs(three);
    }

    @Test
    void besidePlacesEachRangeOnAServerBesideItsNodeAndDealsANodesRangesAmongThem() {
        StoreLayout layout = new StoreLayout("t", List.of("a", "b"), List.of(new KeyRange(b(), 0),
                new KeyRange(b(0x20), 1), new KeyRange(b(0x40), 0), new KeyRange(b(0x60), 1)));
        OwnershipMap map = OwnershipMap.beside(layout, new int[] {0, 1, 0});
        assertThat(map.ownerOf(b(0x01))).isZero();
        assertThat(map.ownerOf(b(0x21))).isEqualTo(1);
        assertThat(map.ownerOf(b(0x41))).as("node a's second range goes to its second server").isEqualTo(2);
        assertThat(map.ownerOf(b(0x61))).isEqualTo(1);
        OwnershipMap lonely = OwnershipMap.beside(layout, new int[] {1});
        assertThat(lonely.owners()).as("a node with nobody beside it still has its keys served").containsExactly(0);
    }

    @Test
    void anAbsentServerTakesNoKeysAndItsNodesRangesGoToTheServersTakingPart() {
        StoreLayout layout = new StoreLayout("t", List.of("a", "b", "c"), List.of(new KeyRange(b(), 0),
                new KeyRange(b(0x20), 1), new KeyRange(b(0x40), 2), new KeyRange(b(0x60), 1)));
        OwnershipMap waiting = OwnershipMap.beside(layout, new int[] {0, 2, OwnershipMap.ABSENT});
        assertThat(waiting.owners()).as("the absent server owns nothing").containsExactly(0, 1);
        assertThat(waiting.ownerOf(b(0x21))).as("node b, nobody beside it: dealt by its index among 0 and 1")
                .isEqualTo(1);
        assertThat(waiting.ownerOf(b(0x41))).isEqualTo(1);
        OwnershipMap joined = OwnershipMap.beside(layout, new int[] {0, 2, 1});
        assertThat(joined.ownerOf(b(0x21))).as("once running it takes its node's ranges").isEqualTo(2);
        assertThat(joined.ownerOf(b(0x61))).isEqualTo(2);
        assertThat(joined.ownerOf(b(0x41))).isEqualTo(1);
        assertThatThrownBy(() -> OwnershipMap.beside(layout, new int[] {OwnershipMap.ABSENT}))
                .hasMessageContaining("at least one chain server");
    }

    @Test
    void refusesUnsortedRangesAndRangesOfUnknownNodes() {
        assertThatThrownBy(() -> new OwnershipMap("t", List.of(new KeyRange(b(1), 0))))
                .hasMessageContaining("empty position");
        assertThatThrownBy(() -> new OwnershipMap("t", List.of(new KeyRange(b(), 0), new KeyRange(b(5), 1),
                new KeyRange(b(5), 0)))).hasMessageContaining("sorted");
        assertThatThrownBy(() -> new StoreLayout("t", List.of("a"), List.of(new KeyRange(b(), 1))))
                .hasMessageContaining("storage node 1 of 1");
        assertThatThrownBy(() -> OwnershipMap.beside(new StoreLayout("t", List.of("a"), List.of(new KeyRange(b(), 0))),
                new int[] {3})).hasMessageContaining("beside storage node 3 of 1");
    }
}
