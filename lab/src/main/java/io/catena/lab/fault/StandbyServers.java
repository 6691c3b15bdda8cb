package io.catena.lab.fault;

import io.catena.core.id.RegionId;
import io.catena.core.spi.StorageEngine;
import io.catena.lab.storage.LocalStoreServers;
import io.catena.lab.zookeeper.LocalZooKeeper;
import io.catena.server.config.CassandraStoreSettings;
import io.catena.server.config.HostPort;
import io.catena.server.config.StorageBackend;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;

/**
 * What the first region of a {@link ThreeRegionProcesses} cluster needs for a coordinator with a
 * standby: a store both coordinator processes reach (a one-node Cassandra server, or a cluster of
 * several nodes) and a ZooKeeper server to elect their leader, each a child process of its own.
 * Closing it stops both.
 */
final class StandbyServers implements AutoCloseable {

    private final LocalStoreServers cassandra;
    private final LocalZooKeeper zookeeper;

    private StandbyServers(LocalStoreServers cassandra, LocalZooKeeper zookeeper) {
        this.cassandra = cassandra;
        this.zookeeper = zookeeper;
    }

    /**
     * Starts both servers, Cassandra with {@code storageNodes} nodes (a cluster on 127.0.0.x, one
     * data centre named after {@code region}, when more than one), keeping ZooKeeper's data under
     * {@code dir}.
     */
    static StandbyServers start(Path dir, String region, int storageNodes) throws IOException, InterruptedException {
        LocalZooKeeper zookeeper = LocalZooKeeper.inDirectory(dir.resolve("zookeeper"));
        zookeeper.start();
        try {
            LocalStoreServers cassandra = LocalStoreServers.start(StorageBackend.CASSANDRA, List.of(region), 1,
                    storageNodes, new PrintWriter(Writer.nullWriter()));
            return new StandbyServers(cassandra, zookeeper);
        } catch (RuntimeException e) {
            zookeeper.close();
            throw e;
        }
    }

    /** The region file's {@code storage:} and {@code zookeeper:} sections for the region's coordinators. */
    String storageAndZooKeeper() {
        CassandraStoreSettings c = cassandra.settings(0).cassandra().orElseThrow();
        return "storage:\n  backend: cassandra\n  cassandra:\n    contactPoints: ["
                + c.contactPoints().stream().map(HostPort::toString).collect(Collectors.joining(", ")) + "]\n"
                + "    localDatacenter: " + c.localDatacenter() + "\n"
                + "zookeeper:\n  servers: [" + zookeeper.connectString() + "]\n  sessionTimeout: 4s\n";
    }

    /** The CQL address of Cassandra node {@code node}, as a chain server's {@code beside} names it. */
    String storageNode(int node) {
        return cassandra.settings(0).cassandra().orElseThrow().contactPoints().get(node).toString();
    }

    /** Takes Cassandra node {@code node} out of the ring for good ({@code nodetool decommission}), and stops it. */
    void decommission(int node) {
        cassandra.decommission(0, node);
    }

    /** The region's store, as the cluster's processes wrote it; the caller closes it. */
    StorageEngine openStore(String cluster, String region) {
        return cassandra.stores(cluster).open(RegionId.of(0), region);
    }

    /** Kills the Cassandra server at once (SIGKILL), as a crash of its machine would. */
    void killStore() {
        cassandra.kill(0);
    }

    /** Starts the Cassandra server again on its data directory and ports, and waits until it serves CQL. */
    void startStore() {
        cassandra.start(0);
    }

    /** The ZooKeeper server, which a scenario may kill and start again. */
    LocalZooKeeper zookeeper() {
        return zookeeper;
    }

    @Override
    public void close() {
        try {
            cassandra.close();
        } finally {
            zookeeper.close();
        }
    }
}
