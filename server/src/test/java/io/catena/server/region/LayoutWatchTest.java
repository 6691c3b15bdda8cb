package io.catena.server.region;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.core.membership.HashPositions;
import io.catena.core.membership.KeyPositions;
import io.catena.core.membership.KeyRange;
import io.catena.core.membership.OwnershipMap;
import io.catena.core.membership.StoreLayout;
import io.catena.core.spi.LocalityCounts;
import io.catena.core.spi.StorageLocality;
import io.catena.server.LogCapture;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** What the coordinator's process hands the coordinator as the store's layout changes, one check at a time. */
class LayoutWatchTest {

    private static final String A = "10.0.0.1:9042";
    private static final String B = "10.0.0.2:9042";
    private static final String C = "10.0.0.3:9042";
    private static final byte[] LOW = {};
    private static final byte[] QUARTER = {0x40};
    private static final byte[] HALF = {(byte) 0x80};
    /** Node A holds the lower half of the positions, node B the upper. */
    private static final StoreLayout HALVES = layout(List.of(A, B), new KeyRange(LOW, 0), new KeyRange(HALF, 1));

    private final SettableLocality store = new SettableLocality(HALVES);
    private final List<OwnershipMap> handed = new ArrayList<>();

    @Test
    void theFirstCheckHandsTheMapBesideTheNodes() {
        try (LayoutWatch watch = watch(2, List.of())) {
            watch.check();
        }
        assertThat(handed).hasSize(1);
        assertThat(handed.get(0).scheme()).isEqualTo(HashPositions.SCHEME);
        assertThat(handed.get(0).ranges()).as("server 0 beside A, server 1 beside B")
                .containsExactly(new KeyRange(LOW, 0), new KeyRange(HALF, 1));
    }

    @Test
    void anUnchangedLayoutHandsNothing() {
        try (LayoutWatch watch = watch(2, List.of())) {
            watch.check();
            watch.check();
            store.layout = layout(List.of(A, B), new KeyRange(LOW, 0), new KeyRange(HALF, 1));
            watch.check();
        }
        assertThat(handed).as("one map for three looks at an equal layout").hasSize(1);
    }

    @Test
    void aMovedRangeHandsTheNewMap() {
        try (LayoutWatch watch = watch(2, List.of())) {
            watch.check();
            // B takes over the second quarter, as a node joining the ring or a region moved by HBase's balancer.
            store.layout = layout(List.of(A, B), new KeyRange(LOW, 0), new KeyRange(QUARTER, 1), new KeyRange(HALF, 1));
            watch.check();
            store.layout = HALVES;
            watch.check();
        }
        assertThat(handed).hasSize(3);
        assertThat(handed.get(1).ranges()).containsExactly(new KeyRange(LOW, 0), new KeyRange(QUARTER, 1));
        assertThat(handed.get(2)).as("moved back").isEqualTo(handed.get(0));
    }

    @Test
    void aFailingLayoutReadIsLoggedOnceAndHandsNothingUntilTheStoreAnswers() {
        store.failure = new IllegalStateException("metadata of the ring is unreachable");
        try (LogCapture log = LogCapture.of(LayoutWatch.class); LayoutWatch watch = watch(2, List.of())) {
            watch.check();
            watch.check();
            assertThat(handed).isEmpty();
            assertThat(log.warnings()).singleElement().asString()
                    .contains("region us-east")
                    .contains("cannot read the store's layout, so chain servers stay where they are")
                    .contains("metadata of the ring is unreachable");

            store.failure = null;
            watch.check();
        }
        assertThat(handed).as("the map once the store answers").hasSize(1);
    }

    @Test
    void aChainServerRunsBesideTheNodeItNamesOrElseBesideNodeIndexModN() {
        StoreLayout three = layout(List.of(A, B, C), new KeyRange(LOW, 0), new KeyRange(QUARTER, 1), new KeyRange(HALF, 2));
        List<String> warnings = new ArrayList<>();

        assertThat(LayoutWatch.besideNodes(three, 5, List.of(), s -> true, warnings::add)).containsExactly(0, 1, 2, 0, 1);
        assertThat(LayoutWatch.besideNodes(three, 4, List.of(Optional.of(C), Optional.empty(), Optional.of(A)),
                s -> true, warnings::add)).as("named, then by index for the unnamed and the ones past the list").containsExactly(2, 1, 0, 0);
        assertThat(warnings).isEmpty();
    }

    @Test
    void aChainServerWhoseNodeLeftTheRingOwnsNothingAndItsNeighboursTakeItsKeys() {
        try (LogCapture log = LogCapture.of(LayoutWatch.class);
             LayoutWatch watch = watch(2, List.of(Optional.of(A), Optional.of(B)))) {
            watch.check();
            // B decommissioned: its ranges streamed to A, and the ring lists A alone.
            store.layout = layout(List.of(A), new KeyRange(LOW, 0));
            watch.check();
            watch.check();
            assertThat(log.warnings()).singleElement().asString()
                    .contains("chain server 1 is configured beside storage node " + B + ", which the store does not list")
                    .contains("it owns no keys until the store lists that node");
        }
        assertThat(handed).hasSize(2);
        assertThat(handed.get(0).owners()).containsExactly(0, 1);
        assertThat(handed.get(1).ranges()).as("every key with the chain server beside A")
                .containsExactly(new KeyRange(LOW, 0));
    }

    @Test
    void namesThatAllDifferFromTheStoresFallBackToIndexModNAndAreWarnedOfOnce() {
        try (LogCapture log = LogCapture.of(LayoutWatch.class);
             LayoutWatch watch = watch(2, List.of(Optional.of("10.0.0.9:9042"), Optional.of("10.0.0.8:9042")))) {
            watch.check();
            watch.check();
            assertThat(log.warnings()).singleElement().asString()
                    .contains("chain server 0 is configured beside storage node 10.0.0.9:9042, which the store does not list")
                    .contains("[" + A + ", " + B + "]")
                    .contains("no chain server is beside a listed node, so it serves the keys of " + A)
                    .contains("chain server 1 is configured beside storage node 10.0.0.8:9042");
        }
        assertThat(handed).singleElement().as("server 0 beside A, server 1 beside B, by index")
                .isEqualTo(new OwnershipMap(HashPositions.SCHEME, List.of(new KeyRange(LOW, 0), new KeyRange(HALF, 1))));
    }

    @Test
    void anAddedChainServerTakesItsNodesKeysOnceItsProcessConnected() {
        List<Optional<String>> beside = new ArrayList<>(List.of(Optional.of(A)));
        BitSet up = new BitSet();
        try (LayoutWatch watch = new LayoutWatch(store, 1, () -> List.copyOf(beside), up::get, handed::add,
                "us-east")) {
            watch.check();
            beside.add(Optional.of(B));
            watch.check();
            up.set(1);
            watch.check();
            up.clear(1);
            watch.check();
        }
        assertThat(handed).as("one map alone, one once the added server connected, none when it dropped").hasSize(2);
        assertThat(handed.get(0).owners()).as("the founding server holds both nodes' keys").containsExactly(0);
        assertThat(handed.get(1).ranges()).as("the added server takes B's half")
                .containsExactly(new KeyRange(LOW, 0), new KeyRange(HALF, 1));
    }

    private LayoutWatch watch(int servers, List<Optional<String>> beside) {
        return new LayoutWatch(store, servers, () -> beside, s -> false, handed::add, "us-east");
    }

    private static StoreLayout layout(List<String> nodes, KeyRange... ranges) {
        return new StoreLayout(HashPositions.SCHEME, nodes, List.of(ranges));
    }

    /** A store whose layout a test sets between checks, or makes unreadable. */
    private static final class SettableLocality implements StorageLocality {

        StoreLayout layout;
        RuntimeException failure;

        SettableLocality(StoreLayout layout) {
            this.layout = layout;
        }

        @Override
        public KeyPositions positions() {
            return HashPositions.INSTANCE;
        }

        @Override
        public StoreLayout layout() {
            if (failure != null) {
                throw failure;
            }
            return layout;
        }

        @Override
        public LocalityCounts localityCounts() {
            return LocalityCounts.NONE;
        }
    }
}
