package io.catena.lab.storage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.catena.client.Catena;
import io.catena.client.CatenaException;
import io.catena.client.Connection;
import io.catena.client.UnavailableException;
import io.catena.coordinator.Coordinator;
import io.catena.core.config.ClusterConfig;
import io.catena.core.data.RowKey;
import io.catena.core.id.NodeId;
import io.catena.core.id.RegionId;
import io.catena.server.cluster.InProcessCluster;
import io.catena.server.cluster.Quiescence;
import io.catena.server.config.StorageBackend;
import io.catena.lab.demo.DemoAudit;
import io.catena.lab.demo.DemoCluster;
import io.catena.server.host.MicrosClock;
import io.catena.lab.load.ConnectionGateway;
import io.catena.lab.load.LoadDriver;
import io.catena.lab.load.TxnGateway;
import io.catena.server.region.RegionRuntime;
import io.catena.lab.report.Check;
import io.catena.lab.report.RunRecorder;
import io.catena.harness.check.TxnOutcome;
import io.catena.harness.workload.WorkloadSpec;
import io.catena.core.wan.LatencyMatrix;
import io.catena.harness.run.RunHeader;
import io.catena.harness.workload.Workload;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The protocol end to end on a real store: three regions in one JVM over an emulated WAN, each in
 * its own keyspace or namespace of a local server (started by the test as a child process; regions
 * 0 and 2 share one, region 1 has its own so that it can fail alone), clients running workloads
 * through the client library; the history must be serializable, money conserved and the regions
 * identical, as read back from the real store.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class RealStoreClusterTest {

    private static final LatencyMatrix WAN = LatencyMatrix.uniform(3, 30_000);
    /**
     * How long the regions may take to settle after the run. A region whose store was down must
     * first persist every record the others made meanwhile (a minute of outage, as a store
     * restart takes on two loaded cores, is 18,000 records): that takes tens of seconds, which is
     * speed, not correctness, so the test waits for it.
     */
    private static final Duration SETTLE_TIMEOUT = Duration.ofSeconds(120);
    /** A running cluster schedules epochs within a second of their end (10 ms epochs). */
    private static final long STEADY_LAG_EPOCHS = 100;

    private LocalStoreServers servers;
    private int run;

    /** The store under test. */
    abstract StorageBackend backend();

    @BeforeAll
    void startServer() {
        servers = LocalStoreServers.start(backend(), WAN.regions(), 2, new PrintWriter(System.out, true));
    }

    @AfterAll
    void stopServer() {
        if (servers != null) {
            servers.close();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"bank:accounts=40,audit=0.05,lookup=0.2,split=0.3", "list-append:keys=30,ro=0.2"})
    void aWorkloadRunThroughTheClientLibraryChecksOutOnTheRealStore(String workloadSpec) throws Exception {
        RunResult result = run(workloadSpec, 0, (driver, cluster) -> Thread.sleep(6_000));
        assertThat(result.checks).allSatisfy(check -> assertThat(check.passed()).as(check.description()).isTrue());
        assertThat(result.checks.stream().map(Check::description))
                .anyMatch(d -> d.startsWith("serializable"))
                .anyMatch(d -> d.startsWith("all 3 regions hold identical state"));
        // Progress, not speed (the benchmark measures that): a cold store commits slowly at first.
        assertThat(result.committed).as("committed transactions").isGreaterThan(20);
    }

    @Test
    void aRegionsStorageServerKilledMidRunComesBackNothingAcknowledgedIsLostAndMeanwhileNewRequestsAreRefused()
            throws Exception {
        long[] committedBeforeRestart = new long[1];
        RunResult result = run("bank:accounts=40,audit=0.05,lookup=0.2", 0, (driver, cluster) -> {
            Thread.sleep(3_000);
            servers.kill(1);
            // Calls to a dead HBase fail after their 5 s operation timeout, then the 2 s grace.
            Thread.sleep(8_000);
            assertANewRequestIsRefusedAsNotRun(cluster);
            // Every region waited for region 1 while its store was down; it catches up on the
            // epochs since, then commits resume.
            committedBeforeRestart[0] = restartAndAwaitCommits(driver);
        });
        // While region 1 cannot persist, every region waits for its records (fault tolerance 0), so
        // requests of that time may run out of their 20 s budget: an unknown outcome is allowed,
        // a wrong one is not. Money, serializability and identical regions are checked on
        // everything that happened, read back from the stores after the restart.
        assertThat(result.checks).filteredOn(check -> !check.description().contains("no known outcome"))
                .allSatisfy(check -> assertThat(check.passed()).as(check.description()).isTrue());
        assertThat(result.checks.stream().map(Check::description))
                .anyMatch(d -> d.startsWith("serializable"))
                .anyMatch(d -> d.startsWith("bank total conserved in region1"))
                .anyMatch(d -> d.startsWith("all 3 regions hold identical state"));
        assertThat(result.committed).as("commits after the store came back")
                .isGreaterThan(committedBeforeRestart[0]);
    }

    /**
     * With fault tolerance 1, region 1's store killed for 10 s: the other regions commit meanwhile,
     * region 1 refuses new requests, and all three settle once it is back. Run on demand only
     * (STORAGE.md, known limits): it passes alone on both stores, but within the full suite on two
     * cores region 1's log did not catch up within the settle time (HBase) and the others once
     * committed nothing during the outage (Cassandra).
     */
    @Test
    @Tag("majority-outage")
    void inMajorityModeTheOtherRegionsGoOnWhileOneRegionsStoreIsDownAndItRefusesNewRequestsAsNotRun()
            throws Exception {
        long[] othersCommittedDuringOutage = new long[1];
        long[] committedBeforeRestart = new long[1];
        RunResult result = run("bank:accounts=40,audit=0.05,lookup=0.2", 1, (driver, cluster) -> {
            awaitSteady(cluster);
            servers.kill(1);
            long downAt = MicrosClock.system().nowMicros();
            Thread.sleep(10_000);
            assertANewRequestIsRefusedAsNotRun(cluster);
            long upAt = MicrosClock.system().nowMicros();
            // Give the others time to vote region 1's records away (their deadline is learnt from
            // how late its records arrived, at most 3.2 s) before counting.
            long countFrom = downAt + TimeUnit.SECONDS.toMicros(4);
            othersCommittedDuringOutage[0] = driver.history().stream()
                    .filter(e -> e.outcome() == TxnOutcome.COMMITTED && !e.region().equals(WAN.regions().get(1)))
                    .filter(e -> e.completeMicros() != null && e.completeMicros() >= countFrom
                            && e.completeMicros() <= upAt)
                    .count();
            committedBeforeRestart[0] = restartAndAwaitCommits(driver);
        });
        assertThat(othersCommittedDuringOutage[0]).as("commits of the other regions while region 1's store was down")
                .isGreaterThan(10);
        // Region 1's own requests of the outage may end unknown (they wait for its store); every
        // other check holds on everything that happened, read back from the stores.
        assertThat(result.checks).filteredOn(check -> !check.description().contains("no known outcome"))
                .allSatisfy(check -> assertThat(check.passed()).as(check.description()).isTrue());
        assertThat(result.checks.stream().map(Check::description))
                .anyMatch(d -> d.startsWith("serializable"))
                .anyMatch(d -> d.startsWith("all 3 regions hold identical state"));
        assertThat(result.committed).as("commits after the store came back").isGreaterThan(committedBeforeRestart[0]);
    }

    /**
     * Waits (90 s at most) until every region has scheduled all but the last second of epochs. On
     * cold stores the first seconds are slow and bursty, and a region may then vote to abandon a
     * record of a live one that is merely late; with three regions and f = 1 such a record is
     * decided only once the third region votes as well, so a store killed before it has voted
     * stalls the other two for the whole outage (PROTOCOL.md, known limits). The test is about a
     * store failing in a cluster that runs, not one still starting.
     */
    private static void awaitSteady(InProcessCluster cluster) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
        while (true) {
            long worstLag = 0;
            for (RegionRuntime r : cluster.regions()) {
                long now = r.settings().protocolClock().nowMicros();
                long lag = r.router().node(NodeId.coordinator(r.settings().region())).inspect(n -> {
                    Coordinator c = (Coordinator) n;
                    return c.context().epochAt(now) - (c.nextToSchedule() - 1);
                }).get(30, TimeUnit.SECONDS);
                worstLag = Math.max(worstLag, lag);
            }
            if (worstLag <= STEADY_LAG_EPOCHS) {
                return;
            }
            assertThat(System.nanoTime()).as("a region still lags %d epochs behind after 90 s:%n%s", worstLag,
                    Quiescence.awaitOrExplain(cluster.regions(), Duration.ofMillis(1))).isLessThan(deadline);
            Thread.sleep(500);
        }
    }

    /** Starts region 1's store again and waits (90 s at most) for a commit; returns the commits before. */
    private long restartAndAwaitCommits(LoadDriver driver) throws InterruptedException {
        servers.start(1);
        long before = committed(driver);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
        while (committed(driver) <= before && System.nanoTime() < deadline) {
            Thread.sleep(500);
        }
        Thread.sleep(2_000);
        return before;
    }

    /**
     * A request that arrives at region 1 while its store is down is refused at once, not left to
     * run out of its budget with an unknown outcome: the client learns it did not run.
     */
    private static void assertANewRequestIsRefusedAsNotRun(InProcessCluster cluster) {
        try (Connection late = Catena.connect(cluster.url(RegionId.of(1)) + "&timeout=3s")) {
            assertThatThrownBy(() -> late.transaction().put(RowKey.of("probe", "p"), Map.of("n", 1)).commit())
                    .isInstanceOf(UnavailableException.class)
                    .hasMessageContaining("store of this region has been failing")
                    .satisfies(e -> assertThat(((CatenaException) e).isRetryable()).isTrue());
        }
    }

    private static long committed(LoadDriver driver) {
        return driver.history().stream().filter(e -> e.outcome() == TxnOutcome.COMMITTED).count();
    }

    /** What a test does while clients run. */
    @FunctionalInterface
    private interface DuringLoad {
        void run(LoadDriver driver, InProcessCluster cluster) throws Exception;
    }

    private record RunResult(List<Check> checks, long committed) {
    }

    private RunResult run(String workloadSpec, int faultTolerance, DuringLoad during) throws Exception {
        ClusterConfig protocol = ClusterConfig.builder().regions(WAN.regions()).chainServersPerRegion(2)
                .faultTolerance(faultTolerance).build();
        Workload workload = WorkloadSpec.parse(workloadSpec).create(7);
        // Each run its own cluster name, so its stores are fresh keyspaces or namespaces.
        String cluster = "e2e" + (++run);
        InProcessCluster.Spec spec = DemoCluster.spec(protocol, WAN).withStores(servers.stores(cluster));
        try (InProcessCluster c = InProcessCluster.start(spec, workload.initialData())) {
            assertThat(c.awaitConnected(Duration.ofSeconds(10))).as("regions connected").isTrue();
            List<Connection> connections = new ArrayList<>();
            List<TxnGateway> gateways = new ArrayList<>();
            for (RegionId r : protocol.regionIds()) {
                // A cold store answers its first reads slowly (connections, the client's JIT, every
                // key loaded once): a budget as long as the demo's keeps early requests from
                // timing out into unknown outcomes.
                Connection connection = Catena.connect(c.url(r) + "&timeout=20s");
                connections.add(connection);
                gateways.add(new ConnectionGateway(connection));
            }
            RunRecorder recorder = new RunRecorder(protocol.regions(), MicrosClock.system().nowMicros(), 1_000_000);
            try (LoadDriver driver = new LoadDriver(workload, protocol.regions(), gateways, recorder, true)) {
                driver.start(4, 7);
                during.run(driver, c);
                driver.stopIssuing();
                assertThat(driver.awaitDrained(60, TimeUnit.SECONDS)).as("every transaction answered").isTrue();
                DemoAudit audit = DemoAudit.of(Optional.of(c), RunHeader.of(workloadSpec, workload, protocol.regions()), workload, driver,
                        SETTLE_TIMEOUT);
                return new RunResult(audit.checks(), committed(driver));
            } finally {
                connections.forEach(Connection::close);
            }
        }
    }
}
