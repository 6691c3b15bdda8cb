package io.catena.storage.cassandra;

import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import io.catena.core.config.keys.ValueKey;
import io.catena.core.spi.StoreName;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * How one region's Cassandra store is reached and laid out. Immutable and validated: every
 * component is checked when the record is made, with a message naming the bad value.
 *
 * @param contactPoints   CQL addresses of some nodes of the region's Cassandra data centre
 * @param localDatacenter the Cassandra data centre of the region (the driver only routes to it)
 * @param keyspace        the region's keyspace: lower-case letters, digits and underscores,
 *                        starting with a letter, at most 48 characters
 * @param clusterName     the Catena cluster the data belongs to (checked at open)
 * @param regionName      the Catena region the data belongs to (checked at open)
 * @param consistency     consistency level of every read and write; LOCAL_QUORUM by default
 *                        ({@link CassandraKeys} holds every setting's default and check)
 * @param requestTimeout  how long one request may take before its stage fails
 * @param replication     the keyspace's replication map, used only when open creates the keyspace
 * @param credentials     the user to log in as, for clusters that require one; empty for none
 * @param pinnedNode      the CQL address of the Cassandra node this store's chain server runs beside,
 *                        whose requests go there first ({@link PinnedNodePolicy}); empty to spread
 *                        them over the local data centre as the driver does by default
 */
public record CassandraSettings(List<InetSocketAddress> contactPoints, String localDatacenter, String keyspace,
                                String clusterName, String regionName, DefaultConsistencyLevel consistency,
                                Duration requestTimeout, Map<String, String> replication,
                                Optional<CassandraCredentials> credentials, Optional<InetSocketAddress> pinnedNode) {

    public CassandraSettings {
        if (contactPoints == null || contactPoints.isEmpty()) {
            throw new IllegalArgumentException("Cassandra settings need at least one contact point");
        }
        contactPoints = List.copyOf(contactPoints);
        requireText(localDatacenter, "a local data centre");
        requireText(clusterName, "a Catena cluster name");
        requireText(regionName, "a Catena region name");
        require(CassandraKeys.KEYSPACE, Objects.requireNonNull(keyspace, "keyspace"));
        require(CassandraKeys.CONSISTENCY, Objects.requireNonNull(consistency, "consistency").name());
        require(CassandraKeys.REQUEST_TIMEOUT, Objects.requireNonNull(requestTimeout, "requestTimeout"));
        if (replication == null || !replication.containsKey("class")) {
            throw new IllegalArgumentException("a keyspace replication map needs a 'class' entry, got " + replication);
        }
        replication = Map.copyOf(replication);
        Objects.requireNonNull(credentials, "credentials: use Optional.empty() for none");
        Objects.requireNonNull(pinnedNode, "pinnedNode: use Optional.empty() for none");
    }

    /** Settings not pinned to a node. */
    public CassandraSettings(List<InetSocketAddress> contactPoints, String localDatacenter, String keyspace,
                             String clusterName, String regionName, DefaultConsistencyLevel consistency,
                             Duration requestTimeout, Map<String, String> replication,
                             Optional<CassandraCredentials> credentials) {
        this(contactPoints, localDatacenter, keyspace, clusterName, regionName, consistency, requestTimeout,
                replication, credentials, Optional.empty());
    }

    /**
     * Settings for one region with the {@link CassandraKeys}' defaults: the keyspace
     * {@link StoreName#ofRegion named after} the cluster and region, LOCAL_QUORUM, a 5 s request
     * timeout, SimpleStrategy with one replica.
     */
    public static CassandraSettings forRegion(List<InetSocketAddress> contactPoints, String localDatacenter,
                                              String clusterName, String regionName) {
        return new CassandraSettings(contactPoints, localDatacenter, StoreName.ofRegion(clusterName, regionName),
                clusterName, regionName, levelNamed(CassandraKeys.CONSISTENCY.byDefault()),
                CassandraKeys.REQUEST_TIMEOUT.byDefault(),
                simpleReplication(CassandraKeys.REPLICATION_FACTOR.byDefault()), Optional.empty(), Optional.empty());
    }

    /**
     * The driver's level named {@code name}, such as a file's {@code LOCAL_QUORUM}: the name stays
     * text until here, so that the driver's type stays inside the adapter.
     */
    public static DefaultConsistencyLevel levelNamed(String name) {
        require(CassandraKeys.CONSISTENCY, name);
        return DefaultConsistencyLevel.valueOf(name);
    }

    /** SimpleStrategy with {@code replicationFactor} replicas: one data centre, tests and the demo. */
    public static Map<String, String> simpleReplication(int replicationFactor) {
        require(CassandraKeys.REPLICATION_FACTOR, replicationFactor);
        return Map.of("class", "SimpleStrategy", "replication_factor", Integer.toString(replicationFactor));
    }

    /** NetworkTopologyStrategy with the given replicas per data centre: production regions. */
    public static Map<String, String> networkReplication(Map<String, Integer> replicasPerDatacenter) {
        Map<String, String> map = new LinkedHashMap<>();
        map.put("class", "NetworkTopologyStrategy");
        replicasPerDatacenter.forEach((dc, n) -> map.put(dc, Integer.toString(n)));
        return map;
    }

    public CassandraSettings withKeyspace(String name) {
        return new CassandraSettings(contactPoints, localDatacenter, name, clusterName, regionName, consistency,
                requestTimeout, replication, credentials, pinnedNode);
    }

    public CassandraSettings withClusterName(String name) {
        return new CassandraSettings(contactPoints, localDatacenter, keyspace, name, regionName, consistency,
                requestTimeout, replication, credentials, pinnedNode);
    }

    public CassandraSettings withRegionName(String name) {
        return new CassandraSettings(contactPoints, localDatacenter, keyspace, clusterName, name, consistency,
                requestTimeout, replication, credentials, pinnedNode);
    }

    public CassandraSettings withLocalDatacenter(String name) {
        return new CassandraSettings(contactPoints, name, keyspace, clusterName, regionName, consistency,
                requestTimeout, replication, credentials, pinnedNode);
    }

    public CassandraSettings withConsistency(DefaultConsistencyLevel level) {
        return new CassandraSettings(contactPoints, localDatacenter, keyspace, clusterName, regionName, level,
                requestTimeout, replication, credentials, pinnedNode);
    }

    public CassandraSettings withRequestTimeout(Duration timeout) {
        return new CassandraSettings(contactPoints, localDatacenter, keyspace, clusterName, regionName, consistency,
                timeout, replication, credentials, pinnedNode);
    }

    public CassandraSettings withReplication(Map<String, String> map) {
        return new CassandraSettings(contactPoints, localDatacenter, keyspace, clusterName, regionName, consistency,
                requestTimeout, map, credentials, pinnedNode);
    }

    /** The same settings logging in as {@code user}. */
    public CassandraSettings withCredentials(CassandraCredentials user) {
        return new CassandraSettings(contactPoints, localDatacenter, keyspace, clusterName, regionName, consistency,
                requestTimeout, replication, Optional.of(user), pinnedNode);
    }

    /**
     * The same settings for a chain server beside the node at {@code cqlAddress}: its requests go
     * to that node first, then to the rest of the local data centre.
     */
    public CassandraSettings withPinnedNode(InetSocketAddress cqlAddress) {
        return new CassandraSettings(contactPoints, localDatacenter, keyspace, clusterName, regionName, consistency,
                requestTimeout, replication, credentials, Optional.of(cqlAddress));
    }

    /** The pinned node as the driver names nodes: {@code ip:port}. */
    Optional<String> pinnedNodeName() {
        return pinnedNode.map(a -> (a.getAddress() == null ? a.getHostString() : a.getAddress().getHostAddress())
                + ":" + a.getPort());
    }

    private static <T> void require(ValueKey<T> key, T value) {
        key.check(value).ifPresent(wrong -> {
            throw new IllegalArgumentException("Cassandra settings: " + key.name() + " " + wrong);
        });
    }

    private static void requireText(String value, String what) {
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException("Cassandra settings need " + what + ", got "
                    + (value == null ? "null" : "a blank one"));
        }
    }
}
