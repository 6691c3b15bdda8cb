package io.catena.lab.process;

import static io.catena.lab.fault.BankAudit.committed;
import static io.catena.lab.fault.ThreeRegionProcesses.waitFor;
import static org.assertj.core.api.Assertions.assertThat;

import io.catena.client.Catena;
import io.catena.client.Connection;
import io.catena.core.spi.StorageEngine;
import io.catena.harness.check.HistoryEvent;
import io.catena.harness.run.ClusterAudit;
import io.catena.harness.workload.Workload;
import io.catena.harness.workload.WorkloadSpec;
import io.catena.lab.fault.BankAudit;
import io.catena.lab.fault.RegionProcessHandle;
import io.catena.lab.fault.ThreeRegionProcesses;
import io.catena.lab.load.ConnectionGateway;
import io.catena.lab.load.LoadDriver;
import io.catena.lab.report.Check;
import io.catena.lab.report.RunRecorder;
import io.catena.lab.storage.LocalStoreServers;
import io.catena.lab.zookeeper.LocalZooKeeper;
import io.catena.server.config.CassandraStoreSettings;
import io.catena.server.config.HostPort;
import io.catena.server.config.StorageBackend;
import io.catena.server.config.StorageSettings;
import io.catena.server.host.MicrosClock;
import io.catena.server.storage.StoreOpener;
import io.catena.server.zookeeper.PublishedOwnership;
import io.catena.server.zookeeper.ZooKeeperClients;
import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.apache.curator.framework.CuratorFramework;
import org.junit.jupiter.api.io.TempDir;

/**
 * A region over a Cassandra cluster of two nodes, as production would spread it, grown while it
 * runs: it starts with its coordinator's process and one chain-server process beside node 0,
 * which serves every key. Under the bank workload through the client library, a second
 * chain-server process, beside node 1, joins: either appended to the region's file, which the
 * running processes read again, or started from a file of its own and registered in the region's
 * ZooKeeper, where the running processes, whose file never changes, find it. They link to it, and
 * the coordinator's process hands it node 1's keys through a membership change (and, with
 * ZooKeeper, publishes the map there). From then on each chain server's store calls mostly stay
 * on its own node (their pinned connections count them), and at the end the history is
 * serializable and the money whole. One region is the smallest cluster there is, and spares the
 * two cores for the five JVMs.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ChainServersBesideCassandraNodesTest {

    private static final String CLUSTER = "beside";
    private static final String REGION = "us-central1";
    private static final String WORKLOAD = "bank:accounts=40,audit=0.05,lookup=0.2,split=0.3";
    /** Chain servers the region starts with; a second joins while it runs. */
    private static final int FOUNDING = 1;
    private static final int GROWN = 2;
    private static final long ENOUGH_COMMITS = 30;

    @TempDir
    Path dir;
    private LocalStoreServers cassandra;

    @BeforeAll
    void startCassandra() {
        cassandra = LocalStoreServers.start(StorageBackend.CASSANDRA, List.of(REGION), 1, GROWN,
                new PrintWriter(System.out, true));
    }

    @AfterAll
    void stopCassandra() {
        if (cassandra != null) {
            cassandra.close();
        }
    }

    @Test
    void aChainServerAppendedToTheFileTakesTheSecondNodesKeysAndTheRegionStaysSerializable() throws Exception {
        StorageSettings storage = cassandra.settings(0);
        int[] ports = ThreeRegionProcesses.freePorts(2 + 2 * GROWN);
        String genesis = Instant.now().plusSeconds(2).truncatedTo(ChronoUnit.SECONDS).toString();
        String cluster = CLUSTER + "-file";
        Path config = dir.resolve(REGION + ".yaml");
        Files.writeString(config, configFile(cluster, ports, storage.cassandra().orElseThrow(), genesis, FOUNDING, ""));
        runGrowing(cluster, config, ports, storage, processes -> {
            Files.writeString(config, configFile(cluster, ports, storage.cassandra().orElseThrow(), genesis, GROWN, ""));
            processes.add(chainServer(config, ports, 1));
        });
    }

    @Test
    void aChainServerRegisteredInZooKeeperJoinsWithoutTheRunningProcessesFilesChanging() throws Exception {
        StorageSettings storage = cassandra.settings(0);
        int[] ports = ThreeRegionProcesses.freePorts(2 + 2 * GROWN);
        String genesis = Instant.now().plusSeconds(2).truncatedTo(ChronoUnit.SECONDS).toString();
        String cluster = CLUSTER + "-zk";
        try (LocalZooKeeper zookeeper = LocalZooKeeper.inDirectory(dir.resolve("zookeeper"))) {
            zookeeper.start();
            String zk = "zookeeper:\n  servers: [" + zookeeper.connectString() + "]\n  sessionTimeout: 4s\n";
            CassandraStoreSettings nodes = storage.cassandra().orElseThrow();
            Path config = dir.resolve(REGION + ".yaml");
            Files.writeString(config, configFile(cluster, ports, nodes, genesis, FOUNDING, zk));
            Path ownFile = dir.resolve(REGION + "-cs1.yaml");
            Files.writeString(ownFile, configFile(cluster, ports, nodes, genesis, GROWN, zk));
            runGrowing(cluster, config, ports, storage, processes -> processes.add(chainServer(ownFile, ports, 1)));
            try (CuratorFramework client = ZooKeeperClients.connect(zookeeper.connectString(), cluster, REGION,
                    Duration.ofSeconds(4))) {
                assertThat(new PublishedOwnership(client).read()).as("the map published in ZooKeeper")
                        .hasValueSatisfying(p -> assertThat(p.map().owners()).containsExactly(0, 1));
            }
        }
    }

    /** Starts the region's coordinator and chain server 0 from {@code config}, runs it, grows it, checks it, stops it. */
    private void runGrowing(String cluster, Path config, int[] ports, StorageSettings storage, Growth growth)
            throws Exception {
        List<RegionProcessHandle> processes = new ArrayList<>();
        try {
            processes.add(RegionProcessHandle.node(REGION, config, metrics(ports[1]), "--role", "coordinator",
                    "--preload", WORKLOAD));
            processes.add(chainServer(config, ports, 0));
            runAndCheck(cluster, processes, ports, storage, () -> growth.grow(processes));
        } finally {
            for (RegionProcessHandle p : processes) {
                p.close();
            }
        }
    }

    private static RegionProcessHandle chainServer(Path config, int[] ports, int index) throws Exception {
        return RegionProcessHandle.node(REGION + "-cs" + index, config, metrics(ports[3 + 2 * index]), "--role",
                "chain-server", "--index", String.valueOf(index), "--preload", WORKLOAD);
    }

    /** A step of a test that may throw. */
    private interface Step {
        void run() throws Exception;
    }

    /** How an operator grows the region: start a chain-server process (and append it to the file, or not). */
    private interface Growth {
        void grow(List<RegionProcessHandle> processes) throws Exception;
    }

    private void runAndCheck(String cluster, List<RegionProcessHandle> processes, int[] ports, StorageSettings storage,
                             Step growth) throws Exception {
        RegionProcessHandle coordinator = processes.get(0);
        assertThat(waitFor(Duration.ofSeconds(90), () -> processes.stream().allMatch(RegionProcessHandle::healthy)))
                .as("every process healthy; output:\n%s", outputs(processes)).isTrue();
        Workload workload = WorkloadSpec.parse(WORKLOAD).create(7);
        List<HistoryEvent> history;
        double[] atGrowth;
        try (Connection connection = Catena.connect("catena://127.0.0.1:" + ports[0] + "/" + cluster + "?region="
                + REGION + "&connectTimeout=10s&timeout=20s")) {
            RunRecorder recorder = new RunRecorder(List.of(REGION), MicrosClock.system().nowMicros(), 1_000_000);
            try (LoadDriver driver = new LoadDriver(workload, List.of(REGION),
                    List.of(new ConnectionGateway(connection)), recorder, true)) {
                driver.start(4, 7);
                assertThat(waitFor(Duration.ofSeconds(60), () -> committed(driver.history()) > ENOUGH_COMMITS))
                        .as("commits; output:\n%s", outputs(processes)).isTrue();
                assertThat(coordinator.metric("catena_membership_changes_total").orElse(-1))
                        .as("one chain server beside node 0 already owns every key").isZero();

                growth.run();
                assertThat(waitFor(Duration.ofSeconds(60), () ->
                        coordinator.metric("catena_membership_changes_total").orElse(0) >= 1
                        && coordinator.metric("catena_membership_handoffs_total").orElse(0) >= 1))
                        .as("the coordinator hands the added chain server its node's keys; output:\n%s",
                                outputs(processes)).isTrue();
                atGrowth = storeCalls(processes.get(1));
                long before = committed(driver.history());
                assertThat(waitFor(Duration.ofSeconds(60), () -> committed(driver.history()) > before + ENOUGH_COMMITS
                        && storeCalls(processes.get(2))[0] > 0))
                        .as("commits go on, and the added chain server serves its keys; output:\n%s",
                                outputs(processes)).isTrue();
                driver.stopIssuing();
                assertThat(driver.awaitDrained(30, TimeUnit.SECONDS)).as("every transaction answered").isTrue();
                history = driver.history();
            }
        }
        double[] founding = storeCalls(processes.get(1));
        assertOwnShare("the founding chain server since the growth", founding[0] - atGrowth[0],
                founding[1] - atGrowth[1]);
        double[] added = storeCalls(processes.get(2));
        assertOwnShare("the added chain server", added[0], added[1]);
        assertThat(waitFor(Duration.ofSeconds(20), () ->
                coordinator.metric("catena_transactions_in_flight").orElse(1) == 0)).as("region settled").isTrue();
        for (RegionProcessHandle p : processes) {
            assertThat(p.metric("catena_node_failed_steps_total").orElse(-1)).as("failed steps in " + p.region())
                    .isZero();
        }
        for (RegionProcessHandle p : processes) {
            assertThat(p.stop(Duration.ofSeconds(20))).as("%s stops on SIGTERM", p.region()).isNotEqualTo(-1);
        }
        StorageEngine store = StoreOpener.open(storage, cluster, REGION);
        try {
            assertThat(BankAudit.checks(WORKLOAD, workload, List.of(new ClusterAudit.RegionState(REGION, store)), history))
                    .allMatch(Check::passed);
        } finally {
            store.close();
        }
    }

    /** A chain-server process's store calls so far: those on its own node, and the others. */
    private static double[] storeCalls(RegionProcessHandle cs) {
        return new double[] {cs.metric("catena_storage_calls_total", "node=\"own\"").orElse(0),
                cs.metric("catena_storage_calls_total", "node=\"other\"").orElse(0)};
    }

    private static void assertOwnShare(String which, double own, double other) {
        assertThat(own).as("store calls of %s that stayed on its node", which).isPositive();
        assertThat(own / (own + other)).as("share of %s's store calls on its own node (own %s, other %s)", which,
                own, other).isGreaterThan(0.8);
    }

    /**
     * The region's file listing {@code servers} chain-server processes, chain server N beside
     * Cassandra node N, and ending with {@code tail}.
     */
    private static String configFile(String cluster, int[] ports, CassandraStoreSettings cassandra, String genesis,
                                     int servers, String tail) {
        List<HostPort> nodes = cassandra.contactPoints();
        StringBuilder yaml = new StringBuilder();
        yaml.append("cluster: ").append(cluster).append("\nregion: ").append(REGION).append("\ngenesis: ")
                .append(genesis)
                .append("\nregions:\n  - name: ").append(REGION).append("\n    address: 127.0.0.1:").append(ports[0])
                .append("\n    metrics: 127.0.0.1:").append(ports[1]).append("\n    chainServers:\n");
        for (int s = 0; s < servers; s++) {
            yaml.append("      - address: 127.0.0.1:").append(ports[2 + 2 * s])
                    .append("\n        metrics: 127.0.0.1:").append(ports[3 + 2 * s])
                    .append("\n        beside: ").append(nodes.get(s)).append('\n');
        }
        return yaml.append("protocol:\n  chainServers: ").append(FOUNDING)
                .append("\nstorage:\n  backend: cassandra\n  cassandra:\n    contactPoints: [")
                .append(nodes.stream().map(HostPort::toString).collect(Collectors.joining(", ")))
                .append("]\n    localDatacenter: ").append(cassandra.localDatacenter()).append('\n').append(tail)
                .toString();
    }

    private static InetSocketAddress metrics(int port) {
        return new InetSocketAddress("127.0.0.1", port);
    }

    private static String outputs(List<RegionProcessHandle> processes) {
        return processes.stream().map(RegionProcessHandle::output).collect(Collectors.joining());
    }
}
