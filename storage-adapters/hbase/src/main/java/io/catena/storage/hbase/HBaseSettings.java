package io.catena.storage.hbase;

import io.catena.core.config.keys.ValueKey;
import io.catena.core.spi.StoreName;
import java.time.Duration;
import java.util.Objects;

/**
 * Where and as what a region's HBase store is opened: the ZooKeeper quorum of the HBase cluster
 * ({@code host:port,host:port}), the namespace holding this region's tables, the Catena cluster
 * and region names recorded there (so a store is never opened by another cluster or region), and
 * how long one storage operation may take, retries included, before it fails. Each setting's
 * default and rule is {@link HBaseKeys}'.
 */
public record HBaseSettings(String zookeeperQuorum, String namespace, String clusterName, String regionName,
                            Duration operationTimeout) {

    public HBaseSettings {
        if (zookeeperQuorum == null || zookeeperQuorum.isBlank()) {
            throw new IllegalArgumentException("the HBase settings need a ZooKeeper quorum such as 127.0.0.1:2181");
        }
        require(HBaseKeys.NAMESPACE, Objects.requireNonNull(namespace, "namespace"));
        if (clusterName == null || clusterName.isBlank()) {
            throw new IllegalArgumentException("the HBase settings need the Catena cluster name");
        }
        if (regionName == null || regionName.isBlank()) {
            throw new IllegalArgumentException("the HBase settings need the Catena region name");
        }
        require(HBaseKeys.OPERATION_TIMEOUT, Objects.requireNonNull(operationTimeout, "operationTimeout"));
    }

    /**
     * Settings for region {@code regionName} of cluster {@code clusterName} with the
     * {@link HBaseKeys}' defaults: the namespace {@link StoreName#ofRegion named after both}, the
     * default operation timeout.
     */
    public static HBaseSettings of(String zookeeperQuorum, String clusterName, String regionName) {
        return new HBaseSettings(zookeeperQuorum, StoreName.ofRegion(clusterName, regionName), clusterName,
                regionName, HBaseKeys.OPERATION_TIMEOUT.byDefault());
    }

    public HBaseSettings withNamespace(String otherNamespace) {
        return new HBaseSettings(zookeeperQuorum, otherNamespace, clusterName, regionName, operationTimeout);
    }

    public HBaseSettings withOperationTimeout(Duration timeout) {
        return new HBaseSettings(zookeeperQuorum, namespace, clusterName, regionName, timeout);
    }

    private static <T> void require(ValueKey<T> key, T value) {
        key.check(value).ifPresent(wrong -> {
            throw new IllegalArgumentException("HBase settings: " + key.name() + " " + wrong);
        });
    }
}
