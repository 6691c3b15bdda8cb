package io.catena.server.config;

import io.catena.core.spi.StoreName;
import io.catena.storage.hbase.HBaseKeys;
import io.catena.storage.hbase.HBaseSettings;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * How a region reaches its HBase cluster ({@code storage.hbase:} in the file): the adapter's
 * {@link HBaseSettings} as a file gives them, before the cluster and region that name the default
 * namespace are known. Each setting's name, default and rule is defined once, in the adapter's
 * {@link HBaseKeys}.
 *
 * @param zookeeper        the ZooKeeper quorum of the region's HBase cluster
 * @param namespace        {@link HBaseKeys#NAMESPACE}; default {@link StoreName#ofRegion}
 * @param operationTimeout {@link HBaseKeys#OPERATION_TIMEOUT}
 */
public record HBaseStoreSettings(List<HostPort> zookeeper, Optional<String> namespace, Duration operationTimeout) {

    public HBaseStoreSettings {
        zookeeper = List.copyOf(zookeeper);
        Objects.requireNonNull(namespace, "namespace");
        Objects.requireNonNull(operationTimeout, "operationTimeout");
    }

    /** Defaults for everything but where the cluster is. */
    public static HBaseStoreSettings at(List<HostPort> zookeeper) {
        return new HBaseStoreSettings(zookeeper, Optional.empty(), HBaseKeys.OPERATION_TIMEOUT.byDefault());
    }

    /** The namespace of {@code region} of {@code cluster}: the configured one, else the one the adapters derive. */
    public String namespaceFor(String cluster, String region) {
        return namespace.orElseGet(() -> StoreName.ofRegion(cluster, region));
    }

    /** The quorum as HBase's {@code hbase.zookeeper.quorum} takes it: {@code host:port,host:port}. */
    public String quorum() {
        return String.join(",", zookeeper.stream().map(HostPort::toString).toList());
    }
}
