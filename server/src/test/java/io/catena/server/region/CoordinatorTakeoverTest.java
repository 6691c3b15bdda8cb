package io.catena.server.region;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.catena.client.Catena;
import io.catena.client.Connection;
import io.catena.client.UnavailableException;
import io.catena.core.data.ChainKey;
import io.catena.core.data.Row;
import io.catena.core.data.RowKey;
import io.catena.core.data.RowWrite;
import io.catena.core.data.Version;
import io.catena.core.id.RegionId;
import io.catena.core.procedure.ProcedureRegistry;
import io.catena.core.spi.StorageEngine;
import io.catena.core.spi.StoreFencedException;
import io.catena.server.config.CassandraStoreSettings;
import io.catena.server.config.HostPort;
import io.catena.server.config.ServerConfig;
import io.catena.server.config.StandbyEndpoint;
import io.catena.server.config.StorageSettings;
import io.catena.server.config.ZooKeeperSettings;
import io.catena.storage.memory.MemoryStorageEngine;
import java.io.IOException;
import java.net.ServerSocket;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A region whose coordinator has a standby, on a real ZooKeeper server (Curator's
 * {@link TestingServer}), beside two regions of one process each, all in this JVM. The two
 * coordinator candidates share one embedded store, as two processes share a Cassandra or HBase
 * cluster (the file names Cassandra, which the test never opens). The leader's session is expired
 * as ZooKeeper expires a paused or cut-off process's: the standby must take over in a higher term,
 * the old leader stop serving and wait, and a client that lists both addresses go on committing
 * without losing or doubling a transaction.
 */
class CoordinatorTakeoverTest {

    private static final List<String> REGIONS = List.of("us", "eu", "asia");
    private static final RowKey COUNTER = RowKey.of("counters", "takeover");
    private static final Duration PATIENCE = Duration.ofSeconds(60);

    private TestingServer zookeeper;
    private final MemoryStorageEngine shared = new MemoryStorageEngine();
    private final List<CoordinatorCandidate> candidates = new ArrayList<>();
    private final List<RegionProcess> peers = new ArrayList<>();
    private int[] ports;

    @BeforeEach
    void start() throws Exception {
        zookeeper = new TestingServer(true);
        ports = freePorts(4);
        ServerConfig config = config();
        for (int i = 0; i < 2; i++) {
            candidates.add(CoordinatorCandidate.start(config, i, ProcedureRegistry.empty(), Map.of(), shared));
        }
        for (String peer : REGIONS.subList(1, REGIONS.size())) {
            peers.add(RegionProcess.start(config.toBuilder().region(peer).storage(StorageSettings.defaults()).build(),
                    ProcedureRegistry.empty(), Map.of()));
        }
        assertThat(waitFor(() -> leader() != null && leader().runtime().orElseThrow().connectedToAllPeers()))
                .as("one candidate leads, linked to both peer regions").isTrue();
    }

    @AfterEach
    void stop() throws Exception {
        peers.forEach(RegionProcess::close);
        candidates.forEach(CoordinatorCandidate::close);
        shared.close();
        zookeeper.close();
    }

    @Test
    void aStandbyTakesOverFromALeaderWhoseSessionExpiredAndNoTransactionIsLostOrDoubled() throws Exception {
        takeOver(old -> old.zookeeper().getZookeeperClient().getZooKeeper().getTestable().injectSessionExpiration());
    }

    @Test
    void aStandbyTakesOverFromACrashedLeaderOnceZooKeeperExpiresItsSession() throws Exception {
        takeOver(CoordinatorCandidate::crash);
    }

    /** Commits, ends the leader's leadership by {@code end}, commits again, and audits every region. */
    private void takeOver(Ending end) throws Exception {
        try (Connection client = Catena.connect("catena://127.0.0.1:" + ports[0] + ",127.0.0.1:" + ports[3]
                + "/takeover?region=us&connectTimeout=10s&timeout=20s")) {
            commit(client, 10);
            CoordinatorCandidate old = leader();
            CoordinatorCandidate standby = candidates.get(1 - candidates.indexOf(old));
            long oldTerm = old.term();

            end.end(old);

            assertThat(waitFor(() -> standby.term() > oldTerm && old.term() == 0)).as("the standby leads in a later "
                    + "term, and the old leader waits").isTrue();
            assertThat(old.runtime()).as("the old leader runs no region").isEmpty();
            ChainKey leaderTable = ChainKey.of(StorageEngine.LEADER_TABLES.iterator().next(), "probe");
            assertThat(shared.fencedBy(RegionId.of(0), oldTerm).apply(leaderTable, Version.of(1, 0),
                    List.of(RowWrite.put("", Row.of("by", "old")))).toCompletableFuture()).as("an append of the old term, once its successor claimed the store")
                    .failsWithin(Duration.ofSeconds(5)).withThrowableThat().havingCause()
                    .isInstanceOf(StoreFencedException.class);
            commit(client, 10);
        }
        for (int region = 0; region < REGIONS.size(); region++) {
            String url = "catena://127.0.0.1:" + ports[region] + (region == 0 ? ",127.0.0.1:" + ports[3] : "")
                    + "/takeover?region=" + REGIONS.get(region);
            try (Connection reader = Catena.connect(url)) {
                assertThat(waitFor(() -> counter(reader) == 20)).as("region %s counts every commit once, read %s",
                        REGIONS.get(region), counter(reader)).isTrue();
            }
        }
    }

    @Test
    void aLeaderWhoseStoreALaterTermClaimedStandsDownThoughZooKeeperStillNamesIt() throws Exception {
        CoordinatorCandidate old = leader();
        long oldTerm = old.term();
        // A successor's claim that this leader's ZooKeeper client never heard of, as in a latch's
        // double-leader window; its term is far ahead, so no candidate can claim the store again.
        shared.claimTerm(RegionId.of(0), oldTerm + 1_000).toCompletableFuture().join();

        assertThat(waitFor(() -> old.term() != oldTerm)).as("the leader stops leading its fenced term at its "
                + "next write (every epoch's log record), without being deposed by ZooKeeper").isTrue();
        assertThat(candidates).as("no candidate serves: none can claim the store for a term below the claim's")
                .allMatch(c -> c.runtime().isEmpty());
    }

    @Test
    void aStandbyRefusesClientsInOneSentenceThatNamesTheLeader() throws Exception {
        CoordinatorCandidate standby = candidates.stream().filter(c -> c.term() == 0).findFirst().orElseThrow();
        String leaderAddress = "127.0.0.1:" + leader().address().getPort();
        assertThatThrownBy(() -> Catena.connect("catena://127.0.0.1:" + standby.address().getPort()
                + "/takeover?region=us&connectTimeout=5s").transaction().add(COUNTER, "n", 1).commit())
                .isInstanceOf(UnavailableException.class)
                .hasMessageContaining("this is a standby coordinator of region us; its leader is at " + leaderAddress);
    }

    /** How a test ends a leader's leadership. */
    private interface Ending {
        void end(CoordinatorCandidate leader) throws Exception;
    }

    private void commit(Connection client, int transactions) {
        for (int i = 0; i < transactions; i++) {
            assertThat(client.transaction().add(COUNTER, "n", 1).commit().version()).as("a commit version").isNotNull();
        }
    }

    private static long counter(Connection reader) {
        return reader.read(COUNTER).row(COUNTER).map(r -> r.getLong("n", 0)).orElse(0L);
    }

    private CoordinatorCandidate leader() {
        return candidates.stream().filter(c -> c.term() > 0).findFirst().orElse(null);
    }

    /** Three regions; the first has a standby at the fourth port, and the ZooKeeper under test. */
    private ServerConfig config() {
        ServerConfig.Builder b = ServerConfig.builder().cluster("takeover").region(REGIONS.get(0))
                .genesis(Instant.now().plusSeconds(1))
                .storage(StorageSettings.cassandra(CassandraStoreSettings.at(List.of(HostPort.parse("127.0.0.1:1")))))
                .zookeeper(new ZooKeeperSettings(List.of(HostPort.parse(zookeeper.getConnectString())),
                        Duration.ofSeconds(4)));
        b.addRegion(REGIONS.get(0), local(ports[0]), null, List.of(), List.of(StandbyEndpoint.at(local(ports[3]))));
        for (int i = 1; i < REGIONS.size(); i++) {
            b.addRegion(REGIONS.get(i), local(ports[i]));
        }
        return b.build();
    }

    private static HostPort local(int port) {
        return HostPort.parse("127.0.0.1:" + port);
    }

    private static int[] freePorts(int count) throws IOException {
        List<ServerSocket> sockets = new ArrayList<>();
        try {
            for (int i = 0; i < count; i++) {
                sockets.add(new ServerSocket(0));
            }
            return sockets.stream().mapToInt(ServerSocket::getLocalPort).toArray();
        } finally {
            for (ServerSocket s : sockets) {
                s.close();
            }
        }
    }

    private static boolean waitFor(BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + PATIENCE.toNanos();
        while (System.nanoTime() < deadline) {
            if (condition.getAsBoolean()) {
                return true;
            }
            Thread.sleep(100);
        }
        return condition.getAsBoolean();
    }
}
