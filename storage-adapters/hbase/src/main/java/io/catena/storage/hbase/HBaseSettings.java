package io.catena.storage.hbase;

import java.time.Duration;
import java.util.regex.Pattern;

/**
 * Where and as what a region's HBase store is opened: the ZooKeeper quorum of the HBase cluster
 * ({@code host:port,host:port}), the namespace holding this region's tables, the Catena cluster
 * and region names recorded there (so a store is never opened by another cluster or region), and
 * how long one storage operation may take, retries included, before it fails.
 */
public record HBaseSettings(String zookeeperQuorum, String namespace, String clusterName, String regionName,
                            Duration operationTimeout) {

    /** HBase's rule for namespace names. */
    private static final Pattern NAMESPACE = Pattern.compile("[a-zA-Z0-9_]+");

    public static final Duration DEFAULT_OPERATION_TIMEOUT = Duration.ofSeconds(30);

    public HBaseSettings {
        if (zookeeperQuorum == null || zookeeperQuorum.isBlank()) {
            throw new IllegalArgumentException("the HBase settings need a ZooKeeper quorum such as 127.0.0.1:2181");
        }
        if (namespace == null || !NAMESPACE.matcher(namespace).matches()) {
            throw new IllegalArgumentException("the HBase namespace must be letters, digits and underscores, not '"
                    + namespace + "'");
        }
        if (clusterName == null || clusterName.isBlank()) {
            throw new IllegalArgumentException("the HBase settings need the Catena cluster name");
        }
        if (regionName == null || regionName.isBlank()) {
            throw new IllegalArgumentException("the HBase settings need the Catena region name");
        }
        if (operationTimeout == null || operationTimeout.isNegative() || operationTimeout.isZero()
                || operationTimeout.toMillis() > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("the HBase operation timeout must be positive and under 24 days, not "
                    + operationTimeout);
        }
    }

    /**
     * Settings for region {@code regionName} of cluster {@code clusterName} in namespace
     * {@code catena_<region>} (characters HBase does not allow become underscores), with the
     * default operation timeout.
     */
    public static HBaseSettings of(String zookeeperQuorum, String clusterName, String regionName) {
        String region = regionName == null ? "" : regionName;
        return new HBaseSettings(zookeeperQuorum, "catena_" + region.replaceAll("[^a-zA-Z0-9_]", "_"), clusterName,
                regionName, DEFAULT_OPERATION_TIMEOUT);
    }

    public HBaseSettings withNamespace(String otherNamespace) {
        return new HBaseSettings(zookeeperQuorum, otherNamespace, clusterName, regionName, operationTimeout);
    }

    public HBaseSettings withOperationTimeout(Duration timeout) {
        return new HBaseSettings(zookeeperQuorum, namespace, clusterName, regionName, timeout);
    }
}
