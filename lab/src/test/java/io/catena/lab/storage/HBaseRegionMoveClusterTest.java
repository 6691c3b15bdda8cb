package io.catena.lab.storage;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.client.Catena;
import io.catena.client.Connection;
import io.catena.coordinator.Coordinator;
import io.catena.core.config.ClusterConfig;
import io.catena.core.data.ChainKey;
import io.catena.core.id.NodeId;
import io.catena.core.id.RegionId;
import io.catena.core.membership.Membership;
import io.catena.core.membership.OwnershipMap;
import io.catena.core.membership.StoreLayout;
import io.catena.core.spi.StorageEngine;
import io.catena.core.spi.StorageLocality;
import io.catena.core.wan.LatencyMatrix;
import io.catena.harness.check.TxnOutcome;
import io.catena.harness.run.RunHeader;
import io.catena.harness.workload.Workload;
import io.catena.harness.workload.WorkloadSpec;
import io.catena.lab.demo.DemoAudit;
import io.catena.lab.demo.DemoCluster;
import io.catena.lab.load.ConnectionGateway;
import io.catena.lab.load.LoadDriver;
import io.catena.lab.load.TxnGateway;
import io.catena.lab.report.Check;
import io.catena.lab.report.RunRecorder;
import io.catena.server.cluster.InProcessCluster;
import io.catena.server.cluster.RegionStores;
import io.catena.server.config.StorageBackend;
import io.catena.server.host.MicrosClock;
import io.catena.server.region.RegionRuntime;
import io.catena.storage.hbase.LocalHBaseRegions;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.Predicate;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.ClusterMetrics;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * A region's chain servers follow its keys across HBase region servers while clients run: region 0
 * stores in an HBase of two region servers, its data table split into four regions dealt over both;
 * mid-run one data region moves to the other region server with {@code Admin.move}, and the
 * region's coordinator must adopt a membership that puts the moved keys on the chain server beside
 * their new server (and a map beside whatever layout a balancer run leaves), without the run losing
 * money, serializability or an answer. Region 1 runs on the embedded store, so that the two
 * regions' states can be compared after the moves.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class HBaseRegionMoveClusterTest {

    private static final LatencyMatrix WAN = LatencyMatrix.uniform(2, 30_000);
    private static final RegionId MOVING = RegionId.of(0);
    private static final String WORKLOAD = "bank:accounts=40,audit=0.05,lookup=0.2";
    /** Two layout reads (every 5 s) plus persisting the membership, on two busy cores. */
    private static final Duration FOLLOW_TIMEOUT = Duration.ofSeconds(30);
    private static final Duration SPLIT_TIMEOUT = Duration.ofSeconds(60);

    private LocalStoreServers servers;

    @BeforeAll
    void startHBase() {
        servers = LocalStoreServers.start(StorageBackend.HBASE, WAN.regions().subList(0, 1), 1, 2,
                new PrintWriter(System.out, true));
    }

    @AfterAll
    void stopHBase() {
        if (servers != null) {
            servers.close();
        }
    }

    @Test
    void aDataRegionMovedMidRunMovesItsKeysToTheChainServerBesideItsNewServerAndTheRunChecksOut() throws Exception {
        ClusterConfig protocol = ClusterConfig.builder().regions(WAN.regions()).chainServersPerRegion(2)
                .faultTolerance(0).build();
        Workload workload = WorkloadSpec.parse(WORKLOAD).create(7);
        List<Check> checks;
        Configuration client = HBaseConfiguration.create();
        client.set("hbase.zookeeper.quorum", servers.settings(0).hbase().orElseThrow().quorum());
        try (org.apache.hadoop.hbase.client.Connection hbase = ConnectionFactory.createConnection(client);
             Admin admin = hbase.getAdmin()) {
            admin.balancerSwitch(false, true);
            List<ServerName> regionServers = admin.getRegionServers().stream().sorted().toList();
            assertThat(regionServers).hasSize(2);
            RegionStores splitHBaseThenMemory = (region, name) -> region.equals(MOVING)
                    ? splitAndDealt(servers.stores("moves").open(region, name), workload, admin, regionServers)
                    : RegionStores.memory().open(region, name);
            InProcessCluster.Spec spec = DemoCluster.spec(protocol, WAN).withStores(splitHBaseThenMemory);
            try (InProcessCluster cluster = InProcessCluster.start(spec, workload.initialData())) {
                checks = runMovingOneDataRegion(cluster, protocol, workload, admin, regionServers);
            }
        }
        checks.forEach(check -> System.out.println((check.passed() ? "PASS " : "FAIL ") + check.description()));
        assertThat(checks).allSatisfy(check -> assertThat(check.passed()).as(check.description()).isTrue());
        assertThat(checks.stream().map(Check::description))
                .anyMatch(d -> d.startsWith("serializable"))
                .anyMatch(d -> d.startsWith("every transaction was answered"))
                .anyMatch(d -> d.startsWith("bank total conserved in " + WAN.regions().get(0)))
                .anyMatch(d -> d.startsWith("all 2 regions hold identical state"));
    }

    /**
     * Splits the freshly opened store's data table into four regions dealt over both region
     * servers: while it is empty, since HBase refuses to split a region again until its daughters'
     * files are compacted.
     */
    private static StorageEngine splitAndDealt(StorageEngine store, Workload workload, Admin admin,
                                               List<ServerName> regionServers) {
        try {
            StorageLocality locality = store.locality().orElseThrow();
            TableName data = dataTable(admin);
            List<ChainKey> keys = byPosition(workload, locality);
            for (int quarter = 1; quarter < 4; quarter++) {
                byte[] point = locality.positions().positionOf(keys.get(quarter * keys.size() / 4));
                LocalHBaseRegions.split(admin, data, point, SPLIT_TIMEOUT);
            }
            List<RegionInfo> dataRegions = LocalHBaseRegions.online(admin, data);
            for (int i = 0; i < dataRegions.size(); i++) {
                admin.move(dataRegions.get(i).getEncodedNameAsBytes(), regionServers.get(i % 2));
            }
            return store;
        } catch (Exception e) {
            store.close();
            throw new AssertionError("cannot split the data table over both region servers", e);
        }
    }

    /**
     * Clients run a bank workload through the client library while one data region moves; returns
     * the run's audit.
     */
    private List<Check> runMovingOneDataRegion(InProcessCluster cluster, ClusterConfig protocol, Workload workload,
                                               Admin admin, List<ServerName> regionServers) throws Exception {
        assertThat(cluster.awaitConnected(Duration.ofSeconds(10))).as("regions connected").isTrue();
        StorageLocality locality = cluster.store(MOVING).locality().orElseThrow();
        Membership dealt = awaitBeside(cluster.region(MOVING), locality, m -> true);
        System.out.printf("4 data regions over 2 region servers: %d membership changes, chain servers own %s%n",
                membershipChanges(cluster.region(MOVING)), dealt.ownership());
        List<Connection> connections = new ArrayList<>();
        List<TxnGateway> gateways = new ArrayList<>();
        for (RegionId r : protocol.regionIds()) {
            Connection connection = Catena.connect(cluster.url(r) + "&timeout=20s");
            connections.add(connection);
            gateways.add(new ConnectionGateway(connection));
        }
        RunRecorder recorder = new RunRecorder(protocol.regions(), MicrosClock.system().nowMicros(), 1_000_000);
        try (LoadDriver driver = new LoadDriver(workload, protocol.regions(), gateways, recorder, true)) {
            driver.start(4, 7);
            Thread.sleep(4_000);
            ChainKey key = byPosition(workload, locality).get(workload.initialData().size() / 8);
            long adoptedMicros = moveAndAwaitItsChainServer(cluster.region(MOVING), locality, key, dealt, admin,
                    regionServers);
            balanceAndAwaitBeside(cluster.region(MOVING), locality, admin);
            Thread.sleep(4_000);
            driver.stopIssuing();
            assertThat(driver.awaitDrained(60, TimeUnit.SECONDS)).as("every transaction answered").isTrue();
            assertThat(driver.history()).as("transactions committed after the move's membership")
                    .filteredOn(e -> e.outcome() == TxnOutcome.COMMITTED && e.completeMicros() != null
                            && e.completeMicros() > adoptedMicros)
                    .hasSizeGreaterThan(20);
            return DemoAudit.of(Optional.of(cluster), RunHeader.of(WORKLOAD, workload, protocol.regions()),
                    workload, driver, Duration.ofSeconds(60)).checks();
        } finally {
            connections.forEach(Connection::close);
        }
    }

    /**
     * Moves the data region holding {@code key} to the other region server, then waits for the
     * coordinator to adopt the map beside the new layout and checks that it puts {@code key} on
     * the chain server beside that server. Returns when the map was seen adopted, in microseconds.
     */
    private static long moveAndAwaitItsChainServer(RegionRuntime region, StorageLocality locality, ChainKey key,
                                                   Membership dealt, Admin admin, List<ServerName> regionServers)
            throws Exception {
        byte[] position = locality.positions().positionOf(key);
        StoreLayout before = locality.layout();
        String from = before.nodes().get(before.nodeOf(position));
        RegionInfo moved = LocalHBaseRegions.online(admin, dataTable(admin)).stream()
                .filter(r -> r.containsRow(position)).findFirst().orElseThrow();
        ServerName to = regionServers.stream().filter(s -> !s.getAddress().toString().equals(from)).findFirst()
                .orElseThrow();
        long changesBefore = membershipChanges(region);
        long movedAt = System.nanoTime();
        admin.move(moved.getEncodedNameAsBytes(), to);
        Membership after = awaitBeside(region, locality,
                m -> m.ownership().ownerOf(position) != dealt.ownership().ownerOf(position));
        System.out.printf("moved data region %s from %s to %s; %d ms later the coordinator had adopted the map from"
                        + " epoch %d: %s%n", moved.getEncodedName(), from, to,
                (System.nanoTime() - movedAt) / 1_000_000, after.fromEpoch(), after.ownership());
        long adoptedMicros = MicrosClock.system().nowMicros();
        StoreLayout layout = locality.layout();
        assertThat(layout.nodes().get(layout.nodeOf(position))).as("the moved key's region server")
                .isEqualTo(to.getAddress().toString());
        assertThat(after.ownership().ownerOf(position)).as("chain server of the moved key %s", key)
                .isEqualTo(layout.nodeOf(position));
        long changes = membershipChanges(region);
        System.out.printf("membership changes adopted: %d before the move, %d after%n", changesBefore, changes);
        assertThat(changes).as("membership changes adopted").isGreaterThanOrEqualTo(2).isGreaterThan(changesBefore);
        return adoptedMicros;
    }

    /**
     * Lets HBase's balancer run once (it may move any of the cluster's regions, or none) and waits
     * for the coordinator's map to be beside the layout it leaves.
     */
    private static void balanceAndAwaitBeside(RegionRuntime region, StorageLocality locality, Admin admin)
            throws Exception {
        admin.balancerSwitch(true, true);
        boolean ran = admin.balance();
        long deadline = System.nanoTime() + FOLLOW_TIMEOUT.toNanos();
        while (!admin.getClusterMetrics(EnumSet.of(ClusterMetrics.Option.REGIONS_IN_TRANSITION))
                .getRegionStatesInTransition().isEmpty()) {
            assertThat(System.nanoTime() - deadline).as("the balancer's moves done within %s", FOLLOW_TIMEOUT)
                    .isNegative();
            Thread.sleep(200);
        }
        admin.balancerSwitch(false, true);
        Membership balanced = awaitBeside(region, locality, m -> true);
        System.out.printf("balancer %s; membership changes adopted: %d, chain servers own %s%n",
                ran ? "ran" : "did not run", membershipChanges(region), balanced.ownership());
    }

    /**
     * Waits until the coordinator's latest membership is the map beside the store's current layout
     * (chain server {@code s} beside storage node {@code s}, as none is named) and satisfies
     * {@code also}; returns it.
     */
    private static Membership awaitBeside(RegionRuntime region, StorageLocality locality,
                                          Predicate<Membership> also) throws Exception {
        long deadline = System.nanoTime() + FOLLOW_TIMEOUT.toNanos();
        while (true) {
            OwnershipMap expected = OwnershipMap.beside(locality.layout(), new int[] {0, 1});
            Membership latest = coordinator(region, c -> c.context().ownership.history().latest());
            if (latest.ownership().equals(expected) && also.test(latest)) {
                return latest;
            }
            assertThat(System.nanoTime() - deadline)
                    .as("the coordinator's map %s beside the layout's %s within %s", latest.ownership(), expected,
                            FOLLOW_TIMEOUT)
                    .isNegative();
            Thread.sleep(200);
        }
    }

    private static long membershipChanges(RegionRuntime region) throws Exception {
        return coordinator(region, c -> c.stats().membershipChanges);
    }

    /** Reads the region's coordinator on its own thread. */
    private static <T> T coordinator(RegionRuntime region, Function<Coordinator, T> read) throws Exception {
        return region.router().node(NodeId.coordinator(region.settings().region()))
                .inspect(n -> read.apply((Coordinator) n)).get(30, TimeUnit.SECONDS);
    }

    /** The workload's keys in the order of their positions in the store. */
    private static List<ChainKey> byPosition(Workload workload, StorageLocality locality) {
        return workload.initialData().keySet().stream()
                .sorted(Comparator.comparing(k -> locality.positions().positionOf(k), Arrays::compareUnsigned))
                .toList();
    }

    /** The region's data table: the one table of that name, since the HBase serves this region alone. */
    private static TableName dataTable(Admin admin) throws Exception {
        List<TableName> tables = Arrays.stream(admin.listTableNames())
                .filter(t -> t.getQualifierAsString().equals("data")).toList();
        assertThat(tables).hasSize(1);
        return tables.get(0);
    }
}
