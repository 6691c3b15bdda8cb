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
        InetSocketAddress cql = server.contactPoint();
        CassandraStoreSettings defaults = CassandraStoreSettings.at(List.of(HostPort.of(cql.getHostString(), cql.getPort())));
        // One node: LOCAL_QUORUM is ONE here, and the data centre is the daemon's own.
        return StorageSettings.cassandra(new CassandraStoreSettings(defaults.contactPoints(), server.localDatacenter(),
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
