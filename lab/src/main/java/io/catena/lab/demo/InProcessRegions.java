package io.catena.lab.demo;

import io.catena.client.Catena;
import io.catena.client.Connection;
import io.catena.core.config.ClusterConfig;
import io.catena.core.data.ChainKey;
import io.catena.core.data.RowWrite;
import io.catena.core.id.RegionId;
import io.catena.core.protocol.Protocol;
import io.catena.core.wan.LatencyMatrix;
import io.catena.harness.check.HistoryEvent;
import io.catena.harness.cli.EpochOffsetsFlag;
import io.catena.harness.workload.Workload;
import io.catena.lab.report.Check;
import io.catena.lab.report.ConfigFact;
import io.catena.lab.storage.LocalStoreServers;
import io.catena.lab.zookeeper.LocalZooKeeper;
import io.catena.server.cluster.InProcessCluster;
import io.catena.server.cluster.RegionStores;
import io.catena.server.config.HostPort;
import io.catena.server.config.StorageBackend;
import io.catena.server.config.ZooKeeperSettings;
import io.catena.server.storage.ObservedStorageEngine;
import io.catena.server.storage.StorageMeter;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Regions the run starts in this process ({@link DemoCluster}), over loopback TCP with the WAN
 * emulated, each on its store (for Cassandra and HBase, a local server per region), metered; closing
 * it stops the cluster and the servers.
 */
public final class InProcessRegions implements RunRegions {

    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(15);
    /** A client's request budget: a TPC-C Delivery touches ten districts. */
    private static final String CLIENT_TIMEOUT = "&timeout=20s";
    private static final Duration FLOOR_WARMUP = Duration.ofSeconds(10);
    private static final Duration FLOOR_DURATION = Duration.ofSeconds(30);
    /**
     * How long ZooKeeper keeps a crashed leader's session in the failover demo: the most of the gap
     * its clients see. Shorter than a production setting (10 s by default) so that the gap fits a
     * short run; the report names it.
     */
    private static final Duration FAILOVER_SESSION_TIMEOUT = Duration.ofSeconds(4);

    private final ClusterShape shape;
    private final LatencyMatrix matrix;
    private final List<String> names;
    private final StorageMeter storage = new StorageMeter();
    private final List<Connection> connections = new ArrayList<>();
    private LocalStoreServers servers;
    private InProcessCluster cluster;
    private final boolean failover;
    private LocalZooKeeper zookeeper;
    private LeaderCrash crash;

    public InProcessRegions(ClusterShape shape) {
        this(shape, false);
    }

    /**
     * @param failover whether the first region's coordinator runs with a standby, elected through a
     *                 local ZooKeeper server, and its leader is crashed halfway through the run
     */
    public InProcessRegions(ClusterShape shape, boolean failover) {
        this.shape = shape;
        this.failover = failover;
        this.matrix = DemoCluster.matrix(shape.preset(), shape.regions());
        this.names = DemoCluster.regionNames(matrix, shape.regions());
    }

    @Override
    public List<String> names() {
        return names;
    }

    @Override
    public String headline(String command, String what) {
        return String.format("catena %s: %d regions (%s) on %s, %s, %s, %s store", command, names.size(),
                String.join(", ", names), matrix == null ? "plain loopback" : "the " + matrix.name() + " latency matrix",
                shape.protocol().equals(Protocol.CATENA) ? shape.epochLength() + " epochs" + epochOffsets()
                        : "protocol " + shape.protocol() + epochOffsets(),
                what, storeName());
    }

    /** How far each region's epochs run ahead, as the headline says it; nothing without offsets. */
    private String epochOffsets() {
        return shape.epochOffsetsMicros().isEmpty() ? ""
                : " run ahead by " + EpochOffsetsFlag.describe(shape.epochOffsetsMicros());
    }

    /** The store, and for real stores shared by regions how many servers they share. */
    private String storeName() {
        int servers = shape.storeServerCount();
        if (shape.storage() == StorageBackend.MEMORY || servers == names.size()) {
            return shape.storage().configName();
        }
        return shape.storage().configName() + " (" + servers + " server" + (servers == 1 ? "" : "s")
                + ", a " + (shape.storage() == StorageBackend.HBASE ? "namespace" : "keyspace") + " per region)";
    }

    @Override
    public List<Connection> open(RunDatabase database, PrintWriter out) throws InterruptedException {
        ClusterConfig protocol = shape.protocolConfig(names);
        Map<ChainKey, List<RowWrite>> rows = database.rows();
        InitialLoadProgress loading = new InitialLoadProgress(out, (long) rows.size() * names.size());
        servers = LocalStoreServers.start(shape.storage(), names, shape.storeServerCount(), out);
        InProcessCluster.Standby standby = failover ? standby(out) : null;
        cluster = InProcessCluster.start(DemoCluster.spec(protocol, matrix, database.procedures())
                .withStores(metered(servers.stores(DemoCluster.CLUSTER), storage)).withAlgorithm(shape.protocol())
                .withChainServerMemory(shape.chainServerMemory()),
                rows, loading, standby);
        if (standby != null) {
            crash = new LeaderCrash(cluster, names.get(0), standby.zookeeper().sessionTimeout());
        }
        loading.finish();
        if (!cluster.awaitConnected(CONNECT_TIMEOUT)) {
            throw new IllegalStateException("the regions could not connect to each other within "
                    + CONNECT_TIMEOUT.toSeconds() + " s");
        }
        for (RegionId r : protocol.regionIds()) {
            connections.add(Catena.connect(cluster.url(r) + CLIENT_TIMEOUT));
        }
        return List.copyOf(connections);
    }

    /** The first region's standby, elected through a ZooKeeper server started here. */
    private InProcessCluster.Standby standby(PrintWriter out) {
        try {
            zookeeper = LocalZooKeeper.inDirectory(Files.createTempDirectory("catena-demo-zookeeper"));
            zookeeper.start();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start a local ZooKeeper server: " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while starting ZooKeeper", e);
        }
        out.printf("failover: %s's coordinator runs with a standby, elected through ZooKeeper at %s; its leader "
                + "is crashed halfway through the run%n", names.get(0), zookeeper.connectString());
        return new InProcessCluster.Standby(RegionId.of(0), new ZooKeeperSettings(
                List.of(HostPort.parse(zookeeper.connectString())), FAILOVER_SESSION_TIMEOUT));
    }

    @Override
    public void measuring(Duration runLength) {
        if (crash != null) {
            crash.schedule(runLength.dividedBy(2));
        }
    }

    @Override
    public List<ConfigFact> drillFacts(List<HistoryEvent> history, long startMicros) {
        return crash == null ? List.of() : crash.facts(history, startMicros);
    }

    @Override
    public List<Check> drillChecks(List<HistoryEvent> history) {
        return crash == null ? List.of() : List.of(crash.check(history));
    }

    private static RegionStores metered(RegionStores stores, StorageMeter meter) {
        return (region, name) -> ObservedStorageEngine.of(stores.open(region, name), meter);
    }

    @Override
    public List<ConfigFact> facts() {
        List<ConfigFact> facts = new ArrayList<>(List.of(
                new ConfigFact("latency", matrix == null ? "none (loopback)" : matrix.name()),
                new ConfigFact("epoch", shape.epochLength().toString())));
        if (!shape.epochOffsetsMicros().isEmpty()) {
            facts.add(new ConfigFact("epochs ahead by", EpochOffsetsFlag.describe(shape.epochOffsetsMicros())));
        }
        return facts;
    }

    @Override
    public RunCosts costs() {
        InProcessCluster c = cluster;
        return new RunCosts(c::epochMessageBytes, c::commitPassRedrives, c::recordsHeldBack, servers::cpuTime, storage,
                c::chainServerTotal);
    }

    @Override
    public LatencyMatrix matrix() {
        return matrix;
    }

    @Override
    public Optional<InProcessCluster> cluster() {
        return Optional.ofNullable(cluster);
    }

    /** Measured on the same servers once the cluster has stopped, on a cluster name of its own. */
    @Override
    public List<ConfigFact> storeFloor(Workload workload, long seed, double catenaPerSecond, PrintWriter out)
            throws InterruptedException {
        if (shape.storage() == StorageBackend.MEMORY) {
            return List.of();
        }
        stopCluster();
        out.printf("store floor: the workload's writes straight to the %s servers, %d transactions in flight, %d s"
                + " warm-up and %d s measured...%n", shape.storage().configName(), StoreFloor.IN_FLIGHT,
                FLOOR_WARMUP.toSeconds(), FLOOR_DURATION.toSeconds());
        try {
            return StoreFloor.measure(servers.stores(StoreFloor.CLUSTER), names, workload, seed, FLOOR_WARMUP,
                    FLOOR_DURATION, servers::cpuTime).facts(catenaPerSecond);
        } catch (RuntimeException e) {
            // Catena's run stands on its own: a floor that could not be measured is reported, not fatal.
            return List.of(new ConfigFact("store floor", "not measured: " + e.getMessage()));
        }
    }

    private void stopCluster() {
        connections.forEach(Connection::close);
        connections.clear();
        if (cluster != null) {
            cluster.close();
            cluster = null;
        }
    }

    @Override
    public void close() {
        try {
            if (crash != null) {
                crash.close();
            }
            stopCluster();
        } finally {
            if (servers != null) {
                servers.close();
            }
            if (zookeeper != null) {
                zookeeper.close();
            }
        }
    }
}
