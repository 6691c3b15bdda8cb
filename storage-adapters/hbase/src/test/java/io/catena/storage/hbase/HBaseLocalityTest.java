package io.catena.storage.hbase;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.catena.core.data.ChainKey;
import io.catena.core.membership.KeyRange;
import io.catena.core.membership.StoreLayout;
import io.catena.core.spi.LocalityCounts;
import io.catena.core.spi.StorageLocality;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Which storage node holds a chain key: the real one-server cluster, and hand-built region maps. */
class HBaseLocalityTest {

    @RegisterExtension
    static final SharedHBase HBASE = new SharedHBase();

    @Test
    void onTheOneServerClusterEveryKeyIsOnItsOnlyRegionServer() {
        StorageLocality locality;
        try (HBaseStorageEngine engine = HBaseStorageEngine.open(HBASE.freshSettings("locality"))) {
            locality = engine.locality().orElseThrow();
            StoreLayout layout = locality.layout();
            assertThat(layout.nodes()).hasSize(1).allSatisfy(node -> assertThat(node).matches("127\\.0\\.0\\.1:\\d+"));
            assertThat(layout.scheme()).isEqualTo(locality.positions().scheme()).isEqualTo(HBasePositions.SCHEME);
            for (ChainKey key : List.of(ChainKey.of("accounts", "alice"), ChainKey.of("z", "\u00ff"), ChainKey.of("a", ""))) {
                assertThat(layout.nodeOf(locality.positions().positionOf(key))).as("node of %s", key).isZero();
            }
            assertThat(locality.localityCounts()).isEqualTo(LocalityCounts.NONE);
        }
        assertThatThrownBy(locality::layout).as("a layout of a closed store")
                .isInstanceOf(IllegalStateException.class).hasMessage("storage engine is closed");
    }

    @Test
    void aKeyBelongsToTheServerOfTheRegionWhoseRangeHoldsItsRow() {
        Map<byte[], String> regions = new LinkedHashMap<>();
        regions.put(new byte[0], "rs-b:16020");
        regions.put(RowKeys.of(ChainKey.of("accounts", "m")), "rs-a:16020");
        regions.put(RowKeys.tablePrefix("orders"), "rs-c:16020");
        regions.put(RowKeys.of(ChainKey.of("orders", "5")), "rs-b:16020");
        RegionPlacement placement = new RegionPlacement(List.of("rs-c:16020", "rs-a:16020", "rs-b:16020"), regions);

        StoreLayout layout = placement.layout();

        assertThat(layout.nodes()).containsExactly("rs-a:16020", "rs-b:16020", "rs-c:16020");
        assertThat(nodeOf(layout, ChainKey.of("accounts", "alice"))).isEqualTo(1);
        assertThat(nodeOf(layout, ChainKey.of("accounts", "m"))).as("a region's start key is its own").isEqualTo(0);
        assertThat(nodeOf(layout, ChainKey.of("accounts", "zed"))).isEqualTo(0);
        assertThat(nodeOf(layout, ChainKey.of("accounts2", "a"))).isEqualTo(0);
        assertThat(nodeOf(layout, ChainKey.of("orders", ""))).isEqualTo(2);
        assertThat(nodeOf(layout, ChainKey.of("orders", "49"))).isEqualTo(2);
        assertThat(nodeOf(layout, ChainKey.of("orders", "5"))).isEqualTo(1);
        assertThat(nodeOf(layout, ChainKey.of("zebra", "x"))).isEqualTo(1);
        assertThat(layout.ranges()).as("one range per region, in row order").containsExactly(
                new KeyRange(new byte[0], 1), new KeyRange(RowKeys.of(ChainKey.of("accounts", "m")), 0),
                new KeyRange(RowKeys.tablePrefix("orders"), 2), new KeyRange(RowKeys.of(ChainKey.of("orders", "5")), 1));
    }

    @Test
    void aRegionWithoutAServerCountsAsOnTheFirstNodeAndServersOnlyNamedByRegionsAreNodes() {
        Map<byte[], String> regions = new LinkedHashMap<>();
        regions.put(new byte[0], "rs-z:1");
        regions.put(RowKeys.tablePrefix("b"), null);
        RegionPlacement placement = new RegionPlacement(List.of("rs-y:1"), regions);

        StoreLayout layout = placement.layout();

        assertThat(layout.nodes()).containsExactly("rs-y:1", "rs-z:1");
        assertThat(nodeOf(layout, ChainKey.of("a", "k"))).isEqualTo(1);
        assertThat(nodeOf(layout, ChainKey.of("b", "k"))).isZero();
    }

    /** The storage node that holds {@code key}, as a host finds it: the layout's node of its position. */
    private static int nodeOf(StoreLayout layout, ChainKey key) {
        return layout.nodeOf(HBasePositions.INSTANCE.positionOf(key));
    }
}
