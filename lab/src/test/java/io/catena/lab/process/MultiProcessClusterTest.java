package io.catena.lab.process;

import static io.catena.lab.fault.BankAudit.committed;
import static io.catena.lab.fault.ThreeRegionProcesses.waitFor;
import static org.assertj.core.api.Assertions.assertThat;

import io.catena.client.Connection;
import io.catena.harness.check.HistoryEvent;
import io.catena.harness.workload.Workload;
import io.catena.harness.workload.WorkloadSpec;
import io.catena.lab.fault.BankAudit;
import io.catena.lab.fault.ClusterJournals;
import io.catena.lab.fault.ThreeRegionProcesses;
import io.catena.lab.load.ConnectionGateway;
import io.catena.lab.load.LoadDriver;
import io.catena.lab.load.TxnGateway;
import io.catena.lab.report.Check;
import io.catena.lab.report.RunRecorder;
import io.catena.server.host.MicrosClock;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Three regions as three {@code catena region} processes on loopback, configured from YAML files,
 * with the WAN emulated between them: clients in this JVM run the bank workload through the client
 * library; then the regions are stopped as an operator would, and their journals are read back to
 * check the history against the final states, the money in every region, and that the regions
 * hold identical state. Run on Catena, on both comparison baselines and on Helios, which a
 * region's file selects.
 */
class MultiProcessClusterTest {

    private static final List<String> REGIONS = ThreeRegionProcesses.REGIONS;
    private static final String WORKLOAD = "bank:accounts=40,audit=0.05,lookup=0.2,split=0.3";
    private static final long ENOUGH_COMMITS = 50;

    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"catena", "2pl", "occ", "helios", "mf"})
    void threeRegionProcessesCommitSerializablyAndEndIdentical(String algorithm) throws Exception {
        try (ThreeRegionProcesses cluster = ThreeRegionProcesses.start(dir, algorithm, WORKLOAD)) {
            Workload workload = WorkloadSpec.parse(WORKLOAD).create(7);
            List<Connection> connections = cluster.connectClients();
            List<TxnGateway> gateways = connections.stream().<TxnGateway>map(ConnectionGateway::new).toList();
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
            assertThat(cluster.settleAndStop(Duration.ofSeconds(20))).allMatch(Check::passed);
            assertThat(committed(history)).as("committed transactions").isGreaterThan(ENOUGH_COMMITS);
            try (ClusterJournals journals = ClusterJournals.open(cluster)) {
                assertThat(BankAudit.checks(WORKLOAD, workload, journals.states(), history)).allMatch(Check::passed);
            }
        }
    }
}
