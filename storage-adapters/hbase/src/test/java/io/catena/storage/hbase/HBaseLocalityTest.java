package io.catena.storage.hbase;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.core.data.ChainKey;
import io.catena.core.membership.KeyRange;
import io.catena.core.membership.StoreLayout;
import io.catena.core.spi.LocalityCounts;
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
        try (HBaseStorageEngine engine = HBaseStorageEngine.open(HBASE.freshSettings("locality"))) {
            assertThat(engine.storageNodes()).hasSize(1).allSatisfy(node -> assertThat(node).matches("127\\.0\\.0\\.1:\\d+"));
            StoreLayout layout = engine.layout();
            assertThat(layout.nodes()).isEqualTo(engine.storageNodes());
            assertThat(layout.scheme()).isEqualTo(engine.positions().scheme()).isEqualTo(HBasePositions.SCHEME);
            for (ChainKey key : List.of(ChainKey.of("accounts", "alice"), ChainKey.of("z", "\u00ff"), ChainKey.of("a", ""))) {
                assertThat(engine.storageNodeOf(key)).isZero();
                assertThat(layout.nodeOf(engine.positions().positionOf(key))).isZero();
            }
            assertThat(engine.localityCounts()).isEqualTo(LocalityCounts.NONE);
        }
    }

    @Test
    void aKeyBelongsToTheServerOfTheRegionWhoseRangeHoldsItsRow() {
        Map<byte[], String> regions = new LinkedHashMap<>();
        regions.put(new byte[0], "rs-b:16020");
        regions.put(RowKeys.of(ChainKey.of("accounts", "m")), "rs-a:16020");
        regions.put(RowKeys.tablePrefix("orders"), "rs-c:16020");
        regions.put(RowKeys.of(ChainKey.of("orders", "5")), "rs-b:16020");
        RegionPlacement placement = new RegionPlacement(List.of("rs-c:16020", "rs-a:16020", "rs-b:16020"), regions);

        assertThat(placement.storageNodes()).containsExactly("rs-a:16020", "rs-b:16020", "rs-c:16020");
        assertThat(placement.storageNodeOf(ChainKey.of("accounts", "alice"))).isEqualTo(1);
        assertThat(placement.storageNodeOf(ChainKey.of("accounts", "m"))).as("a region's start key is its own").isEqualTo(0);
        assertThat(placement.storageNodeOf(ChainKey.of("accounts", "zed"))).isEqualTo(0);
        assertThat(placement.storageNodeOf(ChainKey.of("accounts2", "a"))).isEqualTo(0);
        assertThat(placement.storageNodeOf(ChainKey.of("orders", ""))).isEqualTo(2);
        assertThat(placement.storageNodeOf(ChainKey.of("orders", "49"))).isEqualTo(2);
        assertThat(placement.storageNodeOf(ChainKey.of("orders", "5"))).isEqualTo(1);
        assertThat(placement.storageNodeOf(ChainKey.of("zebra", "x"))).isEqualTo(1);
        for (String table : List.of("accounts", "accounts2", "orders", "zebra", "a")) {
            for (String part : List.of("", "5", "49", "alice", "m", "zed", "x")) {
                ChainKey key = ChainKey.of(table, part);
                assertThat(placement.layout().nodeOf(HBasePositions.INSTANCE.positionOf(key))).as("%s", key)
                        .isEqualTo(placement.storageNodeOf(key));
            }
        }
        assertThat(placement.layout().ranges()).as("one range per region, in row order").containsExactly(
                new KeyRange(new byte[0], 1), new KeyRange(RowKeys.of(ChainKey.of("accounts", "m")), 0),
                new KeyRange(RowKeys.tablePrefix("orders"), 2), new KeyRange(RowKeys.of(ChainKey.of("orders", "5")), 1));
    }

    @Test
    void aRegionWithoutAServerCountsAsOnTheFirstNodeAndServersOnlyNamedByRegionsAreNodes() {
        Map<byte[], String> regions = new LinkedHashMap<>();
        regions.put(new byte[0], "rs-z:1");
        regions.put(RowKeys.tablePrefix("b"), null);
        RegionPlacement placement = new RegionPlacement(List.of("rs-y:1"), regions);

        assertThat(placement.storageNodes()).containsExactly("rs-y:1", "rs-z:1");
        assertThat(placement.storageNodeOf(ChainKey.of("a", "k"))).isEqualTo(1);
        assertThat(placement.storageNodeOf(ChainKey.of("b", "k"))).isZero();
    }
}
