package io.catena.server.process;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.client.Catena;
import io.catena.client.Connection;
import io.catena.server.host.MicrosClock;
import io.catena.server.load.ConnectionGateway;
import io.catena.server.load.LoadDriver;
import io.catena.server.load.TxnGateway;
import io.catena.server.report.RunRecorder;
import io.catena.simulation.check.CheckReport;
import io.catena.simulation.check.HistoryEvent;
import io.catena.simulation.check.TxnOutcome;
import io.catena.simulation.cluster.WorkloadSpec;
import io.catena.simulation.run.ClusterAudit;
import io.catena.simulation.workload.Workload;
import io.catena.storage.memory.MemoryStorageEngine;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Three regions as three {@code catena region} processes on loopback, configured from YAML files,
 * with the WAN emulated between them: clients in this JVM run the bank workload through the client
 * library; then the regions are stopped as an operator would, and their journals are read back to
 * check the history against the final states, the money in every region, and that the regions
 * hold identical state. Run on Catena and on both comparison baselines, which a region's file
 * selects.
 */
class MultiProcessClusterTest {

    private static final List<String> REGIONS = List.of("us-central1", "europe-west1", "asia-east1");
    private static final String WORKLOAD = "bank:accounts=40,audit=0.05,lookup=0.2,split=0.3";
    private static final long ENOUGH_COMMITS = 50;

    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"catena", "2pl", "occ"})
    void threeRegionProcessesCommitSerializablyAndEndIdentical(String algorithm) throws Exception {
        int[] ports = freePorts(6);
        Instant genesis = Instant.now().plusSeconds(2).truncatedTo(ChronoUnit.SECONDS);
        List<RegionProcessHandle> regions = new ArrayList<>();
        try {
            for (int i = 0; i < REGIONS.size(); i++) {
                Path config = dir.resolve(REGIONS.get(i) + ".yaml");
                Files.writeString(config, configFile(REGIONS.get(i), ports, genesis, algorithm));
                regions.add(RegionProcessHandle.start(REGIONS.get(i), config,
                        new InetSocketAddress("127.0.0.1", ports[3 + i]), "--preload", WORKLOAD));
            }
            assertThat(waitFor(Duration.ofSeconds(60), () -> regions.stream().allMatch(RegionProcessHandle::healthy)))
                    .as("all regions healthy; output:\n%s", outputs(regions)).isTrue();

            Workload workload = WorkloadSpec.parse(WORKLOAD).create(7);
            List<Connection> connections = new ArrayList<>();
            List<TxnGateway> gateways = new ArrayList<>();
            for (int i = 0; i < REGIONS.size(); i++) {
                // Budgets for a loaded two-core machine, where three region JVMs are still compiling.
                Connection c = Catena.connect("catena://127.0.0.1:" + ports[i] + "/e2e?region=" + REGIONS.get(i)
                        + "&connectTimeout=10s&timeout=20s");
                connections.add(c);
                gateways.add(new ConnectionGateway(c));
            }
            RunRecorder recorder = new RunRecorder(REGIONS, MicrosClock.system().nowMicros(), 1_000_000);
            List<HistoryEvent> history;
            try (LoadDriver driver = new LoadDriver(workload, REGIONS, gateways, recorder, true)) {
                driver.start(4, 7);
                // Three cold JVMs on two cores commit slowly at first: run until enough commits
                // to check, not for a fixed time (the benchmark measures speed, this test progress).
                Thread.sleep(4_000);
                waitFor(Duration.ofSeconds(60), () -> committed(driver.history()) > ENOUGH_COMMITS);
                driver.stopIssuing();
                assertThat(driver.awaitDrained(20, TimeUnit.SECONDS)).as("every transaction answered").isTrue();
                history = driver.history();
            } finally {
                connections.forEach(Connection::close);
            }
            assertThat(waitFor(Duration.ofSeconds(20), () -> regions.stream().allMatch(r ->
                    r.metric("catena_transactions_in_flight").orElse(1) == 0)))
                    .as("regions settled").isTrue();
            Thread.sleep(1_000); // the last epochs' records reach every region
            for (RegionProcessHandle r : regions) {
                assertThat(r.metric("catena_node_failed_steps_total").orElse(-1)).as("failed steps in " + r.region()).isZero();
                assertThat(r.stop(Duration.ofSeconds(20))).as("%s stops on SIGTERM", r.region()).isNotEqualTo(-1);
            }

            List<ClusterAudit.RegionState> states = new ArrayList<>();
            try {
                for (String name : REGIONS) {
                    states.add(new ClusterAudit.RegionState(name, new MemoryStorageEngine(dir.resolve("data-" + name))));
                }
                CheckReport report = ClusterAudit.check(workload, states, history);
                assertThat(report.valid()).as(report.summaryLine()).isTrue();
                assertThat(committed(history)).as("committed transactions").isGreaterThan(ENOUGH_COMMITS);
                assertThat(history).noneMatch(e -> e.outcome() == TxnOutcome.UNKNOWN);
                for (Map<String, Long> balances : ClusterAudit.balances(workload, states).values()) {
                    assertThat(balances.values().stream().mapToLong(Long::longValue).sum())
                            .isEqualTo(workload.bankInvariant().initialTotal());
                }
                assertThat(ClusterAudit.divergentKeys(workload, states)).as("keys that differ between regions").isZero();
                assertThat(ClusterAudit.rows(workload, states.get(0))).isEqualTo(40);
            } finally {
                states.forEach(s -> s.store().close());
            }
        } finally {
            for (RegionProcessHandle r : regions) {
                r.close();
            }
        }
    }

    private static long committed(List<HistoryEvent> history) {
        return history.stream().filter(e -> e.outcome() == TxnOutcome.COMMITTED).count();
    }

    private String configFile(String region, int[] ports, Instant genesis, String algorithm) {
        StringBuilder yaml = new StringBuilder();
        yaml.append("cluster: e2e\n").append("region: ").append(region).append('\n')
                .append("genesis: ").append(genesis).append('\n').append("regions:\n");
        for (int i = 0; i < REGIONS.size(); i++) {
            yaml.append("  - name: ").append(REGIONS.get(i)).append('\n')
                    .append("    address: 127.0.0.1:").append(ports[i]).append('\n')
                    .append("    metrics: 127.0.0.1:").append(ports[3 + i]).append('\n');
        }
        yaml.append("protocol:\n  chainServers: 2\n  algorithm: ").append(algorithm).append('\n')
                .append("storage:\n  journal: data-").append(region).append('\n')
                .append("wan:\n  matrix:\n    - [0ms, 20ms, 30ms]\n    - [20ms, 0ms, 40ms]\n    - [30ms, 40ms, 0ms]\n")
                .append("  jitter: 2%\n");
        return yaml.toString();
    }

    private static boolean waitFor(Duration timeout, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (condition.getAsBoolean()) {
                return true;
            }
            Thread.sleep(100);
        }
        return condition.getAsBoolean();
    }

    private static String outputs(List<RegionProcessHandle> regions) {
        StringBuilder all = new StringBuilder();
        regions.forEach(r -> all.append(r.output()));
        return all.toString();
    }

    private static int[] freePorts(int count) throws IOException {
        List<ServerSocket> sockets = new ArrayList<>();
        try {
            for (int i = 0; i < count; i++) {
                sockets.add(new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress()));
            }
            return sockets.stream().mapToInt(ServerSocket::getLocalPort).toArray();
        } finally {
            for (ServerSocket s : sockets) {
                s.close();
            }
        }
    }
}
