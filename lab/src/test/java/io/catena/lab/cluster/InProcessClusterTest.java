package io.catena.lab.cluster;

import io.catena.server.cluster.InProcessCluster;
import static org.assertj.core.api.Assertions.assertThat;

import io.catena.core.config.ClusterConfig;
import io.catena.lab.demo.DemoAudit;
import io.catena.lab.demo.DemoCluster;
import io.catena.server.host.MicrosClock;
import io.catena.lab.load.LoadDriver;
import io.catena.lab.report.Check;
import io.catena.lab.report.RunRecorder;
import io.catena.harness.check.TxnOutcome;
import io.catena.harness.workload.WorkloadSpec;
import io.catena.core.wan.LatencyMatrix;
import io.catena.harness.run.RunHeader;
import io.catena.harness.workload.Workload;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Three regions in one JVM over Netty on loopback, with an emulated WAN: clients of every
 * region run a workload through the client library, and the run must check out — the history
 * serializable by the simulator's checker, money conserved, the regions identical.
 */
class InProcessClusterTest {

    private static final LatencyMatrix WAN = LatencyMatrix.uniform(3, 30_000);

    @ParameterizedTest
    @ValueSource(strings = {"bank:accounts=40,audit=0.05,lookup=0.2,split=0.3", "list-append:keys=30,ro=0.2",
        "bank:accounts=40,branches=4,auditBy=mixed,audit=0.1,lookup=0.2,split=0.3",
        "rmw:keys=40,max=2", "bank:accounts=40,audit=0.05,interactive=0.5"})
    void aWorkloadRunThroughTheClientLibraryChecksOut(String workloadSpec) throws Exception {
        ClusterConfig protocol = ClusterConfig.builder().regions(WAN.regions()).build();
        Workload workload = WorkloadSpec.parse(workloadSpec).create(7);
        try (InProcessCluster cluster = InProcessCluster.start(DemoCluster.spec(protocol, WAN),
                workload.initialData())) {
            assertThat(cluster.awaitConnected(Duration.ofSeconds(10))).as("regions connected").isTrue();
            RunRecorder recorder = new RunRecorder(protocol.regions(), MicrosClock.system().nowMicros(), 1_000_000);
            try (RegionClients clients = new RegionClients(protocol.regionIds(), cluster::url);
                 LoadDriver driver = new LoadDriver(workload, protocol.regions(), clients.gateways(), recorder, true)) {
                driver.start(6, 7);
                Thread.sleep(3_000);
                driver.stopIssuing();
                assertThat(driver.awaitDrained(20, TimeUnit.SECONDS)).as("every transaction answered").isTrue();

                DemoAudit audit = DemoAudit.of(Optional.of(cluster), RunHeader.of(workloadSpec, workload, protocol.regions()),
                        workload, driver, Duration.ofSeconds(20));

                assertThat(audit.checks()).allSatisfy(c -> assertThat(c.passed()).as(c.description()).isTrue());
                assertThat(audit.checks().stream().map(Check::description))
                        .anyMatch(d -> d.startsWith("serializable"))
                        .anyMatch(d -> d.startsWith("all 3 regions hold identical state"));
                long committed = driver.history().stream().filter(e -> e.outcome() == TxnOutcome.COMMITTED).count();
                assertThat(committed).as("committed transactions").isGreaterThan(100);
                assertThat(recorder.committed()).isEqualTo(committed);
            }
        }
    }
}
