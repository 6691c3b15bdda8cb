package io.catena.lab.process;

import static io.catena.lab.process.BankAudit.committed;
import static io.catena.lab.process.ThreeRegionProcesses.waitFor;
import static org.assertj.core.api.Assertions.assertThat;

import io.catena.client.Catena;
import io.catena.client.Connection;
import io.catena.core.spi.StorageEngine;
import io.catena.harness.check.HistoryEvent;
import io.catena.harness.run.ClusterAudit;
import io.catena.harness.workload.Workload;
import io.catena.harness.workload.WorkloadSpec;
import io.catena.lab.load.ConnectionGateway;
import io.catena.lab.load.LoadDriver;
import io.catena.lab.report.RunRecorder;
import io.catena.lab.storage.LocalStoreServers;
import io.catena.server.config.CassandraStoreSettings;
import io.catena.server.config.HostPort;
import io.catena.server.config.StorageBackend;
import io.catena.server.config.StorageSettings;
import io.catena.server.host.MicrosClock;
import io.catena.server.storage.StoreOpener;
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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A region over a Cassandra cluster of two nodes, as production would spread it: its
 * coordinator's process and one process for each of its two chain servers, each configured beside
 * one of the nodes ({@code beside}). Under the bank workload through the client library, the
 * coordinator's process adopts the map beside the nodes as a membership change, the chain servers'
 * store calls mostly stay on their own node (their pinned connections count them), and at the end
 * the history is serializable and the money whole. One region is the smallest cluster there is, and
 * spares the two cores for the five JVMs.
 */
class ChainServersBesideCassandraNodesTest {

    private static final String CLUSTER = "beside";
    private static final String REGION = "us-central1";
    private static final String WORKLOAD = "bank:accounts=40,audit=0.05,lookup=0.2,split=0.3";
    private static final int CHAIN_SERVERS = 2;
    private static final long ENOUGH_COMMITS = 60;

    @TempDir
    Path dir;

    @Test
    void chainServersBesideTheirNodesKeepTheirCallsLocalAndTheRegionSerializable() throws Exception {
        try (LocalStoreServers cassandra = LocalStoreServers.start(StorageBackend.CASSANDRA, List.of(REGION), 1,
                CHAIN_SERVERS, new PrintWriter(System.out, true))) {
            StorageSettings storage = cassandra.settings(0);
            int[] ports = ThreeRegionProcesses.freePorts(2 + 2 * CHAIN_SERVERS);
            Path config = dir.resolve(REGION + ".yaml");
            Files.writeString(config, configFile(ports, storage.cassandra().orElseThrow()));
            List<RegionProcessHandle> processes = new ArrayList<>();
            try {
                processes.add(RegionProcessHandle.node(REGION, config, metrics(ports[1]), "--role", "coordinator",
                        "--preload", WORKLOAD));
                for (int s = 0; s < CHAIN_SERVERS; s++) {
                    processes.add(RegionProcessHandle.node(REGION + "-cs" + s, config, metrics(ports[3 + 2 * s]),
                            "--role", "chain-server", "--index", String.valueOf(s), "--preload", WORKLOAD));
                }
                runAndCheck(processes, ports[0], storage);
            } finally {
                for (RegionProcessHandle p : processes) {
                    p.close();
                }
            }
        }
    }

    private void runAndCheck(List<RegionProcessHandle> processes, int port, StorageSettings storage) throws Exception {
        RegionProcessHandle coordinator = processes.get(0);
        List<RegionProcessHandle> chainServers = processes.subList(1, processes.size());
        assertThat(waitFor(Duration.ofSeconds(90), () -> processes.stream().allMatch(RegionProcessHandle::healthy)))
                .as("every process healthy; output:\n%s", outputs(processes)).isTrue();
        Workload workload = WorkloadSpec.parse(WORKLOAD).create(7);
        List<HistoryEvent> history;
        try (Connection connection = Catena.connect("catena://127.0.0.1:" + port + "/" + CLUSTER + "?region=" + REGION
                + "&connectTimeout=10s&timeout=20s")) {
            RunRecorder recorder = new RunRecorder(List.of(REGION), MicrosClock.system().nowMicros(), 1_000_000);
            try (LoadDriver driver = new LoadDriver(workload, List.of(REGION),
                    List.of(new ConnectionGateway(connection)), recorder, true)) {
                driver.start(4, 7);
                assertThat(waitFor(Duration.ofSeconds(60), () -> committed(driver.history()) > ENOUGH_COMMITS))
                        .as("commits; output:\n%s", outputs(processes)).isTrue();
                driver.stopIssuing();
                assertThat(driver.awaitDrained(30, TimeUnit.SECONDS)).as("every transaction answered").isTrue();
                history = driver.history();
            }
        }
        assertThat(coordinator.metric("catena_membership_changes_total").orElse(0))
                .as("the coordinator adopted the map beside the storage nodes; output:\n%s", outputs(processes))
                .isGreaterThanOrEqualTo(1);
        for (RegionProcessHandle cs : chainServers) {
            double own = cs.metric("catena_storage_calls_total", "node=\"own\"").orElse(-1);
            double other = cs.metric("catena_storage_calls_total", "node=\"other\"").orElse(-1);
            assertThat(own).as("store calls of %s that stayed on its node", cs.region()).isPositive();
            assertThat(own / (own + other)).as("share of %s's store calls on its own node (own %s, other %s)",
                    cs.region(), own, other).isGreaterThan(0.8);
        }
        assertThat(waitFor(Duration.ofSeconds(20), () ->
                coordinator.metric("catena_transactions_in_flight").orElse(1) == 0)).as("region settled").isTrue();
        for (RegionProcessHandle p : processes) {
            assertThat(p.metric("catena_node_failed_steps_total").orElse(-1)).as("failed steps in " + p.region())
                    .isZero();
        }
        for (RegionProcessHandle p : processes) {
            assertThat(p.stop(Duration.ofSeconds(20))).as("%s stops on SIGTERM", p.region()).isNotEqualTo(-1);
        }
        StorageEngine store = StoreOpener.open(storage, CLUSTER, REGION);
        try {
            BankAudit.check(WORKLOAD, workload, List.of(new ClusterAudit.RegionState(REGION, store)), history, 40);
        } finally {
            store.close();
        }
    }

    /** The region's file: two chain-server processes, chain server N beside Cassandra node N. */
    private static String configFile(int[] ports, CassandraStoreSettings cassandra) {
        List<HostPort> nodes = cassandra.contactPoints();
        StringBuilder yaml = new StringBuilder();
        yaml.append("cluster: ").append(CLUSTER).append("\nregion: ").append(REGION).append("\ngenesis: ")
                .append(Instant.now().plusSeconds(2).truncatedTo(ChronoUnit.SECONDS))
                .append("\nregions:\n  - name: ").append(REGION).append("\n    address: 127.0.0.1:").append(ports[0])
                .append("\n    metrics: 127.0.0.1:").append(ports[1]).append("\n    chainServers:\n");
        for (int s = 0; s < CHAIN_SERVERS; s++) {
            yaml.append("      - address: 127.0.0.1:").append(ports[2 + 2 * s])
                    .append("\n        metrics: 127.0.0.1:").append(ports[3 + 2 * s])
                    .append("\n        beside: ").append(nodes.get(s)).append('\n');
        }
        return yaml.append("protocol:\n  chainServers: ").append(CHAIN_SERVERS)
                .append("\nstorage:\n  backend: cassandra\n  cassandra:\n    contactPoints: [")
                .append(nodes.stream().map(HostPort::toString).collect(Collectors.joining(", ")))
                .append("]\n    localDatacenter: ").append(cassandra.localDatacenter()).append('\n').toString();
    }

    private static InetSocketAddress metrics(int port) {
        return new InetSocketAddress("127.0.0.1", port);
    }

    private static String outputs(List<RegionProcessHandle> processes) {
        return processes.stream().map(RegionProcessHandle::output).collect(Collectors.joining());
    }
}
