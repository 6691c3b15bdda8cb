package io.catena.lab.storage;

import io.catena.server.config.StorageSettings;
import io.catena.storage.cassandra.local.LocalCassandraCluster;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;

/** A Cassandra cluster of several nodes on 127.0.0.x, one data centre, for one region. */
final class LocalCassandraClusterServer implements LocalStoreServer {

    private final LocalCassandraCluster cluster;

    LocalCassandraClusterServer(Path dataDirectory, int nodes, String datacenter) {
        this.cluster = LocalCassandraCluster.inDirectory(dataDirectory, nodes, datacenter);
    }

    @Override
    public void start() {
        try {
            cluster.start();
        } catch (IOException e) {
            throw new UncheckedIOException(e.getMessage(), e);
        }
    }

    @Override
    public void stop() {
        cluster.stop();
    }

    @Override
    public void kill() {
        cluster.kill();
    }

    @Override
    public void decommission(int node) {
        try {
            cluster.decommission(node);
        } catch (IOException e) {
            throw new UncheckedIOException(e.getMessage(), e);
        }
    }

    /** Every node is a contact point; a keyspace Catena creates has one replica per key. */
    @Override
    public StorageSettings settings() {
        return LocalCassandraServer.settingsAt(cluster.contactPoints(), cluster.localDatacenter());
    }

    @Override
    public Duration cpuTime() {
        return cluster.cpuTime();
    }

    @Override
    public void close() {
        cluster.close();
    }
}
