package io.catena.lab.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.coordinator.Coordinator;
import io.catena.core.config.ClusterConfig;
import io.catena.core.id.NodeId;
import io.catena.core.id.RegionId;
import io.catena.core.wan.EpochOffsets;
import io.catena.core.wan.LatencyMatrix;
import io.catena.harness.check.TxnOutcome;
import io.catena.harness.run.RunHeader;
import io.catena.harness.workload.Workload;
import io.catena.harness.workload.WorkloadSpec;
import io.catena.lab.demo.DemoAudit;
import io.catena.lab.demo.DemoCluster;
import io.catena.lab.load.LoadDriver;
import io.catena.lab.report.Check;
import io.catena.lab.report.RunRecorder;
import io.catena.server.cluster.InProcessCluster;
import io.catena.server.host.MicrosClock;
import io.catena.server.region.RegionRuntime;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Three regions in one JVM on the emulated GCP WAN, each region's epochs run ahead by the offsets
 * that reach the Helios bound (0, 50 and 75 ms): transactions from every region commit and check
 * out as they do without offsets, and each coordinator closes epochs that many epochs ahead of
 * the cluster clock. Nothing here is timed: the epochs are compared by their order.
 */
class EpochOffsetsClusterTest {

    private static final LatencyMatrix GCP3 = LatencyMatrix.gcp3();
    private static final String WORKLOAD = "bank:accounts=40,audit=0.05,lookup=0.2,split=0.3";

    @Test
    void regionsWhoseEpochsRunAheadCommitCheckedTransactionsEachInItsOwnEpochs() throws Exception {
        long[] offsets = EpochOffsets.forBound(GCP3);
        assertThat(offsets).containsExactly(0, 50_000, 75_000);
        ClusterConfig protocol = ClusterConfig.builder().regions(GCP3.regions())
                .epochOffsetsMicros(Arrays.stream(offsets).boxed().toList()).build();
        Workload workload = WorkloadSpec.parse(WORKLOAD).create(7);
        try (InProcessCluster cluster = InProcessCluster.start(DemoCluster.spec(protocol, GCP3),
                workload.initialData())) {
            assertThat(cluster.awaitConnected(Duration.ofSeconds(10))).as("regions connected").isTrue();
            RunRecorder recorder = new RunRecorder(protocol.regions(), MicrosClock.system().nowMicros(), 1_000_000);
            try (RegionClients clients = new RegionClients(protocol.regionIds(), cluster::url);
                 LoadDriver driver = new LoadDriver(workload, protocol.regions(), clients.gateways(), recorder, true)) {
                driver.start(6, 7);
                long[] lead = epochsAhead(cluster, 20);
                driver.stopIssuing();
                assertThat(driver.awaitDrained(30, TimeUnit.SECONDS)).as("every transaction answered").isTrue();

                DemoAudit audit = DemoAudit.of(Optional.of(cluster), RunHeader.of(WORKLOAD, workload,
                        protocol.regions()), workload, driver, Duration.ofSeconds(30));

                assertThat(audit.checks()).allSatisfy(c -> assertThat(c.passed()).as(c.description()).isTrue());
                assertThat(audit.checks().stream().map(Check::description))
                        .anyMatch(d -> d.startsWith("serializable"))
                        .anyMatch(d -> d.startsWith("all 3 regions hold identical state"));
                assertThat(recorder.committed()).as("committed transactions").isGreaterThan(100);
                for (String region : protocol.regions()) {
                    assertThat(driver.history().stream().filter(e -> e.region().equals(region)
                            && e.outcome() == TxnOutcome.COMMITTED)).as("%s committed", region).isNotEmpty();
                }
                // 0, 5 and 7.5 epochs of 10 ms ahead: us-central1, then europe-west1, then asia-east1.
                String leads = "epochs ahead of the cluster clock " + Arrays.toString(lead);
                assertThat(lead[0]).as("us-central1 against europe-west1, %s", leads).isLessThan(lead[1]);
                assertThat(lead[1]).as("europe-west1 against asia-east1, %s", leads).isLessThan(lead[2]);
                assertThat(lead[2] - lead[0]).as("asia-east1's lead over us-central1, %s", leads).isBetween(5L, 10L);
            }
        }
    }

    /**
     * For each region, how many epochs its coordinator's last closed epoch is ahead of the epoch
     * the cluster clock is in, read on the coordinator's thread: the most over {@code samples}
     * readings 100 ms apart, since a coordinator that is busy closes its epochs late, never early.
     */
    private static long[] epochsAhead(InProcessCluster cluster, int samples) throws Exception {
        List<RegionRuntime> regions = cluster.regions();
        long[] most = new long[regions.size()];
        Arrays.fill(most, Long.MIN_VALUE);
        for (int s = 0; s < samples; s++) {
            for (int i = 0; i < regions.size(); i++) {
                RegionRuntime r = regions.get(i);
                RegionId region = r.settings().region();
                MicrosClock clusterClock = r.settings().cluster().clusterClock();
                long lead = r.router().node(NodeId.coordinator(region)).inspect(n -> {
                    Coordinator c = (Coordinator) n;
                    return c.heldThrough(region) - c.context().epochAt(clusterClock.nowMicros());
                }).get(30, TimeUnit.SECONDS);
                most[i] = Math.max(most[i], lead);
            }
            Thread.sleep(100);
        }
        return most;
    }
}
