package io.catena.storage.hbase;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.core.data.ChainKey;
import io.catena.core.data.Row;
import io.catena.core.data.RowWrite;
import io.catena.core.data.Version;
import io.catena.core.membership.KeyRange;
import io.catena.core.membership.StoreLayout;
import io.catena.core.spi.StorageLocality;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.client.RegionLocator;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A region's store on an HBase with two region servers: the data table split into regions over
 * both, the layout against HBase's own region locations, and a region moved by
 * {@code Admin.move} showing up in the next layout while positions stay put.
 */
class HBaseRegionMoveTest {

    private static final Duration SPLIT_TIMEOUT = Duration.ofSeconds(60);
    private static LocalHBase hbase;

    @BeforeAll
    static void startTwoRegionServers() {
        Path dir = Path.of("target", "hbase-two-servers-test").toAbsolutePath();
        TestFiles.deleteRecursively(dir);
        long t0 = System.nanoTime();
        hbase = LocalHBase.in(dir).withRegionServers(2).start();
        System.out.printf("HBase with 2 region servers started in %d ms%n", (System.nanoTime() - t0) / 1_000_000);
    }

    @AfterAll
    static void stop() {
        if (hbase != null) {
            hbase.stop();
        }
    }

    @Test
    void theLayoutFollowsTheDataTablesRegionsAcrossBothServersAndAMove() throws Exception {
        HBaseSettings settings = HBaseSettings.of(hbase.zookeeperQuorum(), "test-cluster", "test-region")
                .withNamespace("moves").withOperationTimeout(SharedHBase.OPERATION_TIMEOUT);
        List<ChainKey> keys = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
            keys.add(ChainKey.of(i % 2 == 0 ? "accounts" : "orders", "key-" + i));
        }
        try (HBaseStorageEngine engine = HBaseStorageEngine.open(settings);
             Connection connection = ConnectionFactory.createConnection(hbase.clientConfiguration());
             Admin admin = connection.getAdmin()) {
            admin.balancerSwitch(false, true);
            StorageLocality locality = engine.locality().orElseThrow();
            TableName data = HBaseLayout.data(settings.namespace());
            for (byte[] point : List.of(RowKeys.tablePrefix("orders"), RowKeys.of(ChainKey.of("accounts", "key-3")),
                    RowKeys.of(ChainKey.of("orders", "key-5")))) {
                LocalHBaseRegions.split(admin, data, point, SPLIT_TIMEOUT);
            }
            List<ServerName> servers = admin.getRegionServers().stream().sorted().toList();
            assertThat(servers).hasSize(2);
            List<RegionInfo> regions = LocalHBaseRegions.online(admin, data);
            assertThat(regions).hasSize(4);
            for (int i = 0; i < regions.size(); i++) {
                admin.move(regions.get(i).getEncodedNameAsBytes(), servers.get(i % 2));
            }

            StoreLayout layout = locality.layout();
            assertThat(layout.nodes()).containsExactlyElementsOf(servers.stream().map(s -> s.getAddress().toString()).sorted().toList());
            assertThat(layout.ranges()).hasSize(4);
            assertThat(layout.ranges().stream().map(KeyRange::owner).distinct()).containsExactlyInAnyOrder(0, 1);
            assertPlacedAsHBaseLocatesThem(connection, data, locality, layout, keys);

            Map<ChainKey, byte[]> positions = new LinkedHashMap<>();
            keys.forEach(k -> positions.put(k, locality.positions().positionOf(k)));
            RegionInfo moved = regions.get(1);
            int from = layout.nodeOf(moved.getStartKey());
            ServerName to = servers.stream().filter(s -> !s.getAddress().toString().equals(layout.nodes().get(from)))
                    .findFirst().orElseThrow();
            admin.move(moved.getEncodedNameAsBytes(), to);

            StoreLayout after = locality.layout();
            assertThat(after.nodes()).isEqualTo(layout.nodes());
            assertThat(after.nodes().get(after.nodeOf(moved.getStartKey()))).isEqualTo(to.getAddress().toString());
            for (ChainKey key : keys) {
                byte[] position = locality.positions().positionOf(key);
                assertThat(position).as("position of %s", key).isEqualTo(positions.get(key));
                boolean inMoved = moved.containsRow(position);
                assertThat(after.nodeOf(position) != layout.nodeOf(position)).as("%s moved", key).isEqualTo(inMoved);
            }
            assertPlacedAsHBaseLocatesThem(connection, data, locality, after, keys);
            for (ChainKey key : keys) {
                engine.apply(key, Version.of(1, 0), List.of(RowWrite.put("", Row.of("n", 1))))
                        .toCompletableFuture().get(30, TimeUnit.SECONDS);
            }
        }
    }

    private static void assertPlacedAsHBaseLocatesThem(Connection connection, TableName data, StorageLocality locality,
                                                       StoreLayout layout, List<ChainKey> keys) throws Exception {
        try (RegionLocator locator = connection.getRegionLocator(data)) {
            for (ChainKey key : keys) {
                byte[] position = locality.positions().positionOf(key);
                String server = locator.getRegionLocation(RowKeys.of(key), true).getServerName().getAddress().toString();
                assertThat(layout.nodes().get(layout.nodeOf(position))).as("server of %s", key).isEqualTo(server);
            }
        }
    }
}
