package io.catena.server.config;

import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * How a region reaches its HBase cluster ({@code storage.hbase:} in the file); the names,
 * defaults and rules of its settings are {@link HBaseKeys}.
 *
 * @param zookeeper        the ZooKeeper quorum of the region's HBase cluster
 * @param namespace        the region's namespace (default: {@code catena_<cluster>_<region>},
 *                         see {@link StoreNames})
 * @param operationTimeout an operation not done within this fails and is retried by the node
 *                         (default 5s)
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

    /** The namespace of {@code region} of {@code cluster}: the configured one, else the default name. */
    public String namespaceFor(String cluster, String region) {
        return namespace.orElseGet(() -> StoreNames.forRegion(cluster, region));
    }

    /** The quorum as HBase's {@code hbase.zookeeper.quorum} takes it: {@code host:port,host:port}. */
    public String quorum() {
        return String.join(",", zookeeper.stream().map(HostPort::toString).toList());
    }
}
