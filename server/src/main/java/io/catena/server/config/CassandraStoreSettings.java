package io.catena.server.config;

import io.catena.storage.cassandra.CassandraSettings;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * How a region reaches its Cassandra cluster ({@code storage.cassandra:} in the file).
 *
 * @param contactPoints     native-transport addresses of some nodes of the region's cluster
 * @param localDatacenter   the Cassandra datacenter of those nodes (default {@code datacenter1})
 * @param keyspace          the region's keyspace (default: {@code catena_<cluster>_<region>},
 *                          see {@link StoreNames})
 * @param consistency       consistency level of every read and write (default
 *                          {@code LOCAL_QUORUM}; the paper writes committed data at {@code ONE})
 * @param requestTimeout    a request not answered within this fails and is retried by the node
 *                          (default 5s)
 * @param replicationFactor replicas of the keyspace when Catena creates it (default 1)
 * @param login             the user to log in as, for clusters that require logins (default none)
 */
public record CassandraStoreSettings(List<HostPort> contactPoints, String localDatacenter, Optional<String> keyspace,
                                     String consistency, TimeSpan requestTimeout, int replicationFactor,
                                     Optional<StoreLogin> login) {

    /** The consistency levels a region may use: the ones that stay inside the region's cluster or read it whole. */
    public static final Set<String> CONSISTENCY_LEVELS =
            Set.of("ONE", "TWO", "THREE", "QUORUM", "ALL", "LOCAL_ONE", "LOCAL_QUORUM", "EACH_QUORUM");

    // The defaults are the adapter's, so that a file and a test of the adapter mean the same cluster.
    public static final String DEFAULT_DATACENTER = CassandraSettings.DEFAULT_DATACENTER;
    public static final String DEFAULT_CONSISTENCY = CassandraSettings.DEFAULT_CONSISTENCY.name();
    public static final TimeSpan DEFAULT_REQUEST_TIMEOUT =
            TimeSpan.ofMillis(CassandraSettings.DEFAULT_REQUEST_TIMEOUT.toMillis());
    public static final int DEFAULT_REPLICATION_FACTOR = CassandraSettings.DEFAULT_REPLICATION_FACTOR;

    public CassandraStoreSettings {
        contactPoints = List.copyOf(contactPoints);
        Objects.requireNonNull(localDatacenter, "localDatacenter");
        Objects.requireNonNull(keyspace, "keyspace");
        Objects.requireNonNull(consistency, "consistency");
        Objects.requireNonNull(requestTimeout, "requestTimeout");
        Objects.requireNonNull(login, "login");
    }

    /** Defaults for everything but where the cluster is. */
    public static CassandraStoreSettings at(List<HostPort> contactPoints) {
        return new CassandraStoreSettings(contactPoints, DEFAULT_DATACENTER, Optional.empty(), DEFAULT_CONSISTENCY,
                DEFAULT_REQUEST_TIMEOUT, DEFAULT_REPLICATION_FACTOR, Optional.empty());
    }

    public CassandraStoreSettings withLogin(Optional<StoreLogin> user) {
        return new CassandraStoreSettings(contactPoints, localDatacenter, keyspace, consistency, requestTimeout,
                replicationFactor, user);
    }

    /** The keyspace of {@code region} of {@code cluster}: the configured one, else the default name. */
    public String keyspaceFor(String cluster, String region) {
        return keyspace.orElseGet(() -> StoreNames.forRegion(cluster, region));
    }

    static String consistency(String text) {
        String upper = text.toUpperCase(java.util.Locale.ROOT);
        if (!CONSISTENCY_LEVELS.contains(upper)) {
            throw new IllegalArgumentException("'" + text + "' is not a consistency level; use one of "
                    + String.join(", ", new java.util.TreeSet<>(CONSISTENCY_LEVELS)));
        }
        return upper;
    }
}
