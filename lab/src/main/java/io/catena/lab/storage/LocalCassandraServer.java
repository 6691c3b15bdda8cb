package io.catena.lab.storage;

import io.catena.server.config.CassandraStoreSettings;
import io.catena.server.config.HostPort;
import io.catena.server.config.StorageSettings;
import io.catena.storage.cassandra.local.LocalCassandra;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/** A one-node Cassandra cluster in a child JVM for one region. */
final class LocalCassandraServer implements LocalStoreServer {

    private final LocalCassandra server;

    LocalCassandraServer(Path dataDirectory) {
        this.server = LocalCassandra.inDirectory(dataDirectory);
    }

    @Override
    public void start() {
        try {
            server.start();
        } catch (IOException e) {
            throw new UncheckedIOException(e.getMessage(), e);
        }
    }

    @Override
    public void stop() {
        server.stop();
    }

    @Override
    public void kill() {
        server.kill();
    }

    @Override
    public StorageSettings settings() {
        // One node: LOCAL_QUORUM is ONE here, and the data centre is the daemon's own.
        return settingsAt(List.of(server.contactPoint()), server.localDatacenter());
    }

    /** How a region reaches Cassandra nodes at {@code points} in {@code datacenter}, with the default keyspace and levels. */
    static StorageSettings settingsAt(List<InetSocketAddress> points, String datacenter) {
        CassandraStoreSettings defaults = CassandraStoreSettings.at(points.stream()
                .map(cql -> HostPort.of(cql.getHostString(), cql.getPort())).toList());
        return StorageSettings.cassandra(new CassandraStoreSettings(defaults.contactPoints(), datacenter,
                Optional.empty(), defaults.consistency(), defaults.requestTimeout(), defaults.replicationFactor(), Optional.empty()));
    }

    @Override
    public Duration cpuTime() {
        return server.cpuTime();
    }

    @Override
    public void close() {
        server.close();
    }
}
