package io.catena.storage.cassandra;

import io.catena.core.config.keys.ValueForms;
import io.catena.core.config.keys.ValueKey;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * The settings of a region's Cassandra store ({@code storage.cassandra:} in a region's file),
 * defined once here, next to the adapter that uses them: {@link CassandraSettings} takes its
 * defaults and checks from these keys, and so do the file's reader and writer in the server.
 * Where the cluster is ({@code contactPoints}) and who logs in are the file's own concern.
 */
public final class CassandraKeys {

    /** The levels a region may use: the ones that stay inside the region's cluster or read it whole. */
    public static final List<String> CONSISTENCY_LEVELS =
            List.of("ALL", "EACH_QUORUM", "LOCAL_ONE", "LOCAL_QUORUM", "ONE", "QUORUM", "THREE", "TWO");

    private static final Pattern KEYSPACE_NAME = Pattern.compile("[a-z][a-z0-9_]{0,47}");

    public static final ValueKey<String> LOCAL_DATACENTER = new ValueKey<>("localDatacenter", "a datacenter name",
            Function.identity(), name -> name, Optional.of("datacenter1"), ValueForms::nonBlank,
            "the Cassandra datacenter of the contact points; the driver routes only to it");

    public static final ValueKey<String> KEYSPACE = new ValueKey<>("keyspace", "a keyspace name",
            Function.identity(), name -> name, Optional.empty(), CassandraKeys::keyspaceName,
            "the region's keyspace, created with its tables if missing and checked if present");

    /** Inside the region's data centre a majority: survives a node without reading another region. */
    public static final ValueKey<String> CONSISTENCY = new ValueKey<>("consistency",
            "a consistency level such as LOCAL_QUORUM", text -> text.toUpperCase(Locale.ROOT), level -> level,
            Optional.of("LOCAL_QUORUM"), CassandraKeys::consistencyLevel,
            "consistency level of every read and write: LOCAL_QUORUM for durability, ONE as in the paper");

    public static final ValueKey<Duration> REQUEST_TIMEOUT = new ValueKey<>("requestTimeout",
            "a duration such as 5s", ValueForms::duration, ValueForms::written, Optional.of(Duration.ofSeconds(5)),
            ValueForms::positive, "a request not answered in this time fails; the node retries with backoff");

    public static final ValueKey<Integer> REPLICATION_FACTOR = new ValueKey<>("replicationFactor",
            "a whole number such as 3", ValueForms::wholeNumber, n -> n, Optional.of(1), ValueForms.atLeast(1),
            "replicas when Catena creates the keyspace (SimpleStrategy)");

    /** Every key, in the order a file lists them. */
    public static final List<ValueKey<?>> ALL =
            List.of(LOCAL_DATACENTER, KEYSPACE, CONSISTENCY, REQUEST_TIMEOUT, REPLICATION_FACTOR);

    private CassandraKeys() {
    }

    private static Optional<String> keyspaceName(String name) {
        return KEYSPACE_NAME.matcher(name).matches() ? Optional.empty()
                : Optional.of("'" + name + "' is not a valid keyspace name: use 1 to 48 lower-case letters, digits"
                        + " and underscores, starting with a letter");
    }

    private static Optional<String> consistencyLevel(String level) {
        return CONSISTENCY_LEVELS.contains(level) ? Optional.empty()
                : Optional.of("'" + level + "' is not a consistency level; use one of "
                        + String.join(", ", CONSISTENCY_LEVELS));
    }
}
