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
import io.catena.lab.fault.ClusterLayout;
import io.catena.lab.fault.LocalToxiproxy;
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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A region split over processes — its coordinator's and one for each of its two chain servers,
 * with {@code catena node} — beside two regions of one process each, all on the embedded store
 * with journals, under the bank workload through the client library. One chain-server process is
 * killed with SIGKILL mid-run and started again: its chain server rejoins (the coordinator
 * resyncs it), and commits go on. Then the connections to that process, which the region's other
 * processes make through Toxiproxy, are cut for two seconds while every process lives: what they
 * held is lost, so its chain server must restart and be resynced again, or the region stalls.
 * Commits go on, and at the end the history is serializable, the money is whole in every region,
 * and the regions hold identical state (the split region's read back from its chain servers'
 * journals).
 */
class SplitRegionProcessesTest {

    private static final List<String> REGIONS = ThreeRegionProcesses.REGIONS;
    private static final String WORKLOAD = "bank:accounts=40,audit=0.05,lookup=0.2,split=0.3";
    private static final long ENOUGH_COMMITS = 40;

    @TempDir
    Path dir;

    @Test
    void aKilledOrCutOffChainServerProcessRejoinsItsRegionAndTheClusterStaysSerializable() throws Exception {
        try (LocalToxiproxy toxiproxy = LocalToxiproxy.start(dir);
             ThreeRegionProcesses cluster = ThreeRegionProcesses.start(dir,
                     ClusterLayout.of("catena", WORKLOAD).chainServer0Proxied(), toxiproxy)) {
            Workload workload = WorkloadSpec.parse(WORKLOAD).create(7);
            List<Connection> connections = cluster.connectClients();
            List<TxnGateway> gateways = connections.stream().<TxnGateway>map(ConnectionGateway::new).toList();
            RunRecorder recorder = new RunRecorder(REGIONS, MicrosClock.system().nowMicros(), 1_000_000);
            List<HistoryEvent> history;
            long beforeRestart;
            long beforeCut;
            try (LoadDriver driver = new LoadDriver(workload, REGIONS, gateways, recorder, true)) {
                driver.start(4, 7);
                assertThat(waitFor(Duration.ofSeconds(60), () -> committed(driver.history()) > ENOUGH_COMMITS))
                        .as("commits before the kill; output:\n%s", cluster.outputs()).isTrue();
                cluster.chainServers().get(0).kill();
                Thread.sleep(1_000);
                cluster.chainServers().set(0, cluster.startChainServer(0));
                assertThat(waitFor(Duration.ofSeconds(40), cluster::healthy))
                        .as("the restarted chain server rejoined; output:\n%s", cluster.outputs()).isTrue();
                beforeRestart = committed(driver.history());
                assertThat(waitFor(Duration.ofSeconds(40), () -> committed(driver.history())
                        > beforeRestart + ENOUGH_COMMITS)).as("commits after the restart; output:\n%s",
                        cluster.outputs()).isTrue();

                cluster.chainServer0Link().disable();
                Thread.sleep(2_000);
                cluster.chainServer0Link().enable();
                assertThat(waitFor(Duration.ofSeconds(40), cluster::healthy))
                        .as("the cut-off chain server is linked again; output:\n%s", cluster.outputs()).isTrue();
                assertThat(cluster.chainServers().get(0).output()).as("chain server 0 rejoined for the cut")
                        .contains("restarting this process's chain server to rejoin its region: lost a connection");
                beforeCut = committed(driver.history());
                assertThat(waitFor(Duration.ofSeconds(40), () -> committed(driver.history())
                        > beforeCut + ENOUGH_COMMITS)).as("commits after the cut; output:\n%s",
                        cluster.outputs()).isTrue();
                driver.stopIssuing();
                assertThat(driver.awaitDrained(30, TimeUnit.SECONDS)).as("every transaction answered").isTrue();
                history = driver.history();
            } finally {
                connections.forEach(Connection::close);
            }
            assertThat(cluster.settleAndStop(Duration.ofSeconds(20))).allMatch(Check::passed);
            try (ClusterJournals journals = ClusterJournals.open(cluster)) {
                assertThat(BankAudit.checks(WORKLOAD, workload, journals.states(), history)).allMatch(Check::passed);
            }
        }
    }
}
