package io.catena.lab.storage;

import io.catena.server.config.HBaseStoreSettings;
import io.catena.server.config.HostPort;
import io.catena.server.config.StorageSettings;
import io.catena.storage.hbase.LocalHBase;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;

/** A standalone HBase (master, region servers and ZooKeeper in one child JVM) for one region. */
final class LocalHBaseServer implements LocalStoreServer {

    private final LocalHBase server;

    LocalHBaseServer(Path dataDirectory, int regionServers) {
        this.server = LocalHBase.in(dataDirectory).withRegionServers(regionServers);
    }

    @Override
    public void start() {
        server.start();
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
        List<HostPort> quorum = Arrays.stream(server.zookeeperQuorum().split(","))
                .map(HostPort::parse).toList();
        return StorageSettings.hbase(HBaseStoreSettings.at(quorum));
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
