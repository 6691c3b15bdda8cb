package io.catena.server.config;

import io.catena.core.spi.StoreName;
import io.catena.storage.cassandra.CassandraKeys;
import io.catena.storage.cassandra.CassandraSettings;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * How a region reaches its Cassandra cluster ({@code storage.cassandra:} in the file): the
 * adapter's {@link CassandraSettings} as a file gives them, before what is only known at open is
 * resolved (the cluster and region that name the default keyspace, the addresses, the password in
 * its file, the driver's consistency level). Each setting's name, default and rule is defined
 * once, in the adapter's {@link CassandraKeys}.
 *
 * @param contactPoints     native-transport addresses of some nodes of the region's cluster
 * @param localDatacenter   {@link CassandraKeys#LOCAL_DATACENTER}
 * @param keyspace          {@link CassandraKeys#KEYSPACE}; default {@link StoreName#ofRegion}
 * @param consistency       {@link CassandraKeys#CONSISTENCY}, by name; the adapter resolves it at open
 * @param requestTimeout    {@link CassandraKeys#REQUEST_TIMEOUT}
 * @param replicationFactor {@link CassandraKeys#REPLICATION_FACTOR}
 * @param login             the user to log in as, for clusters that require logins (default none)
 */
public record CassandraStoreSettings(List<HostPort> contactPoints, String localDatacenter, Optional<String> keyspace,
                                     String consistency, Duration requestTimeout, int replicationFactor,
                                     Optional<StoreLogin> login) {

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
        return new CassandraStoreSettings(contactPoints, CassandraKeys.LOCAL_DATACENTER.byDefault(), Optional.empty(),
                CassandraKeys.CONSISTENCY.byDefault(), CassandraKeys.REQUEST_TIMEOUT.byDefault(),
                CassandraKeys.REPLICATION_FACTOR.byDefault(), Optional.empty());
    }

    public CassandraStoreSettings withLogin(Optional<StoreLogin> user) {
        return new CassandraStoreSettings(contactPoints, localDatacenter, keyspace, consistency, requestTimeout,
                replicationFactor, user);
    }

    /** The keyspace of {@code region} of {@code cluster}: the configured one, else the one the adapters derive. */
    public String keyspaceFor(String cluster, String region) {
        return keyspace.orElseGet(() -> StoreName.ofRegion(cluster, region));
    }
}
