package io.catena.storage.cassandra;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.ProtocolVersion;
import com.datastax.oss.driver.api.core.cql.ResultSet;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.metadata.TokenMap;
import com.datastax.oss.driver.api.core.type.codec.TypeCodecs;
import com.datastax.oss.driver.internal.core.util.RoutingKey;
import io.catena.core.data.ChainKey;
import io.catena.core.data.Row;
import io.catena.core.data.RowWrite;
import io.catena.core.data.Version;
import io.catena.core.membership.KeyRange;
import io.catena.core.membership.StoreLayout;
import io.catena.core.spi.LocalityCounts;
import io.catena.core.spi.StorageLocality;
import io.catena.storage.cassandra.local.LocalCassandra;
import io.catena.storage.cassandra.local.LocalCassandraCluster;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A region's store on a two-node Cassandra cluster in one data centre: the layout against the
 * driver's own replicas, and a store pinned to one node whose requests that node coordinates.
 */
class CassandraPlacementTest {

    private static final String DATACENTER = "us-central1";
    private static final AtomicInteger REGIONS = new AtomicInteger();
    private static LocalCassandraCluster cluster;

    @BeforeAll
    static void startTwoNodes() throws Exception {
        Path dir = Path.of("target", "cassandra-placement-test");
        TestCassandra.wipe(dir);
        long begin = System.nanoTime();
        cluster = LocalCassandraCluster.inDirectory(dir, 2, DATACENTER).start();
        System.out.printf("[CassandraPlacementTest] 2 Cassandra nodes %s started in %d ms%n", cluster.contactPoints(),
                (System.nanoTime() - begin) / 1_000_000);
    }

    @AfterAll
    static void stop() {
        if (cluster != null) {
            cluster.stop();
        }
    }

    private static CassandraSettings freshSettings() {
        return CassandraSettings.forRegion(cluster.contactPoints(), cluster.localDatacenter(), "test",
                "placement-" + REGIONS.incrementAndGet());
    }

    private static String nameOf(InetSocketAddress address) {
        return address.getAddress().getHostAddress() + ":" + address.getPort();
    }

    @Test
    void theLayoutCoversBothNodesAndPlacesKeysOnTheDriversReplica() {
        CassandraSettings settings = freshSettings();
        try (CassandraStorageEngine engine = CassandraStorageEngine.open(settings);
             CqlSession driver = CassandraConnection.connect(settings, new PinnedCalls(Optional.empty()))) {
            StorageLocality locality = engine.locality().orElseThrow();
            StoreLayout layout = locality.layout();
            Set<String> expected = cluster.contactPoints().stream().map(CassandraPlacementTest::nameOf)
                    .collect(Collectors.toCollection(TreeSet::new));
            assertThat(layout.nodes()).containsExactlyElementsOf(expected);
            assertThat(layout.ranges().stream().map(KeyRange::owner).distinct()).containsExactlyInAnyOrder(0, 1);

            TokenMap tokens = driver.getMetadata().getTokenMap().orElseThrow();
            int[] keysPerNode = new int[2];
            for (int i = 0; i < 500; i++) {
                ChainKey key = ChainKey.of(i % 2 == 0 ? "accounts" : "orders", "key-" + i);
                int node = layout.nodeOf(locality.positions().positionOf(key));
                Set<Node> replicas = tokens.getReplicas(CqlIdentifier.fromInternal(settings.keyspace()), RoutingKey.compose(
                        TypeCodecs.TEXT.encode(key.table(), ProtocolVersion.DEFAULT),
                        TypeCodecs.TEXT.encode(key.partition(), ProtocolVersion.DEFAULT)));
                assertThat(replicas).as("replicas of %s", key).hasSize(1);
                assertThat(layout.nodes().get(node)).as("node of %s", key)
                        .isEqualTo(RingLocality.nameOf(replicas.iterator().next()));
                keysPerNode[node]++;
            }
            assertThat(Math.min(keysPerNode[0], keysPerNode[1])).as("evenly spread tokens give each node a fair share").isGreaterThan(150);
        }
    }

    @Test
    void aPinnedStoresRequestsAreCoordinatedByItsNodeAndCountedLocalForItsOwnKeys() throws Exception {
        for (InetSocketAddress pinned : cluster.contactPoints()) {
            CassandraSettings settings = freshSettings().withPinnedNode(pinned);
            try (CassandraStorageEngine engine = CassandraStorageEngine.open(settings);
                 CqlSession driver = CassandraConnection.connect(settings, new PinnedCalls(Optional.empty()))) {
                StorageLocality locality = engine.locality().orElseThrow();
                StoreLayout layout = locality.layout();
                int own = layout.nodes().indexOf(nameOf(pinned));
                List<ChainKey> ownKeys = new ArrayList<>();
                List<ChainKey> otherKeys = new ArrayList<>();
                for (int i = 0; i < 40; i++) {
                    ChainKey key = ChainKey.of("accounts", "key-" + i);
                    engine.apply(key, Version.of(1, 0), List.of(RowWrite.put("", Row.of("n", i))))
                            .toCompletableFuture().get(10, TimeUnit.SECONDS);
                    ResultSet read = driver.execute(SimpleStatement.newInstance("SELECT row FROM " + settings.keyspace()
                            + ".data WHERE tbl = ? AND part = ?", key.table(), key.partition()));
                    assertThat(RingLocality.nameOf(read.getExecutionInfo().getCoordinator())).as("coordinator of %s", key)
                            .isEqualTo(nameOf(pinned));
                    (layout.nodeOf(locality.positions().positionOf(key)) == own ? ownKeys : otherKeys).add(key);
                }
                assertThat(ownKeys).isNotEmpty();
                assertThat(otherKeys).isNotEmpty();

                LocalityCounts before = settledCounts(engine);
                readAll(engine, ownKeys);
                LocalityCounts afterOwn = settledCounts(engine);
                assertThat(afterOwn.ownNode() - before.ownNode()).as("reads of %s's own keys", pinned)
                        .isGreaterThanOrEqualTo(ownKeys.size());
                assertThat(afterOwn.otherNodes()).as("reads of its own keys that left %s", pinned)
                        .isEqualTo(before.otherNodes());
                readAll(engine, otherKeys);
                LocalityCounts afterOther = settledCounts(engine);
                assertThat(afterOther.otherNodes() - afterOwn.otherNodes()).as("reads of keys %s does not hold", pinned)
                        .isGreaterThanOrEqualTo(otherKeys.size());
                assertThat(afterOther.ownNode()).as("reads of keys %s does not hold counted as its own", pinned)
                        .isEqualTo(afterOwn.ownNode());
            }
        }
    }

    /**
     * The counts once no call is still being counted: the driver counts a call just after it
     * completes its stage, so the last call's count may land a moment after the caller resumed.
     */
    private static LocalityCounts settledCounts(CassandraStorageEngine engine) throws InterruptedException {
        StorageLocality locality = engine.locality().orElseThrow();
        LocalityCounts last = locality.localityCounts();
        for (int unchanged = 0; unchanged < 3; ) {
            Thread.sleep(100);
            LocalityCounts now = locality.localityCounts();
            unchanged = now.equals(last) ? unchanged + 1 : 0;
            last = now;
        }
        return last;
    }

    private static void readAll(CassandraStorageEngine engine, List<ChainKey> keys) throws Exception {
        for (ChainKey key : keys) {
            assertThat(engine.readPartition(key, Version.of(1, 0)).toCompletableFuture().get(10, TimeUnit.SECONDS))
                    .as("rows of %s", key).containsKey("");
        }
    }

    @Test
    void whileItsNodeIsDownAPinnedStoreGoesToTheRestOfTheDataCentre() throws Exception {
        LocalCassandra second = cluster.nodes().get(1);
        CassandraSettings settings = freshSettings().withPinnedNode(second.contactPoint());
        try (CassandraStorageEngine engine = CassandraStorageEngine.open(settings);
             CqlSession driver = CassandraConnection.connect(settings, new PinnedCalls(Optional.empty()))) {
            StorageLocality locality = engine.locality().orElseThrow();
            StoreLayout layout = locality.layout();
            String firstName = nameOf(cluster.nodes().get(0).contactPoint());
            int first = layout.nodes().indexOf(firstName);
            // A new key is also listed in its table's partition of the keys table: that one must be up too.
            TokenMap tokens = driver.getMetadata().getTokenMap().orElseThrow();
            String table = java.util.stream.IntStream.range(0, 100).mapToObj(i -> "table" + i)
                    .filter(t -> RingLocality.nameOf(tokens.getReplicas(CqlIdentifier.fromInternal(settings.keyspace()),
                            TypeCodecs.TEXT.encode(t, ProtocolVersion.DEFAULT)).iterator().next()).equals(firstName))
                    .findFirst().orElseThrow();
            List<ChainKey> onFirst = new ArrayList<>();
            for (int i = 0; onFirst.size() < 10; i++) {
                ChainKey key = ChainKey.of(table, "key-" + i);
                if (layout.nodeOf(locality.positions().positionOf(key)) == first) {
                    onFirst.add(key);
                }
            }
            second.kill();
            try {
                LocalityCounts before = settledCounts(engine);
                for (ChainKey key : onFirst) {
                    engine.apply(key, Version.of(1, 0), List.of(RowWrite.put("", Row.of("n", 1))))
                            .toCompletableFuture().get(10, TimeUnit.SECONDS);
                }
                LocalityCounts during = settledCounts(engine);
                assertThat(during.otherNodes() - before.otherNodes()).as("calls the other node served").isGreaterThanOrEqualTo(10);
                assertThat(during.ownNode()).as("calls its own, dead node served").isEqualTo(before.ownNode());
            } finally {
                second.start();
            }
        }
    }

    @Test
    void aStoreUnpinnedCountsNothingAndOnePinnedToAStrangerIsRefused() {
        try (CassandraStorageEngine engine = CassandraStorageEngine.open(freshSettings())) {
            engine.listKeys("accounts").toCompletableFuture().join();
            assertThat(engine.locality().orElseThrow().localityCounts()).isEqualTo(LocalityCounts.NONE);
        }
        InetSocketAddress stranger = new InetSocketAddress("127.0.0.9", cluster.contactPoints().get(0).getPort());
        assertThatThrownBy(() -> CassandraStorageEngine.open(freshSettings().withPinnedNode(stranger)))
                .isInstanceOf(CassandraSchemaException.class)
                .hasMessageContaining("pinned to Cassandra node 127.0.0.9:")
                .hasMessageContaining("127.0.0.2:")
                .hasMessageContaining("pin it to the CQL address of the node its chain server runs beside");
    }
}
