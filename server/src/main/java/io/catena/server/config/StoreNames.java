package io.catena.server.config;

import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Names of a region's namespace (HBase): letters, digits and underscores. A Cassandra keyspace's
 * name is the adapter's ({@link io.catena.storage.cassandra.CassandraKeys#KEYSPACE}), derived the same way.
 */
public final class StoreNames {

    private static final Pattern VALID = Pattern.compile("[A-Za-z0-9_]{1,48}");

    private StoreNames() {
    }

    /**
     * {@code catena_<cluster>_<region>} in lower case, every character but letters and digits an
     * underscore, cut to 48 characters: two clusters sharing a storage cluster keep apart by
     * default. Names that collide after this are caught when the store is opened (it records the
     * cluster and region it belongs to).
     */
    public static String forRegion(String cluster, String region) {
        String name = ("catena_" + cluster + "_" + region).toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9_]", "_");
        return name.length() > 48 ? name.substring(0, 48) : name;
    }

    /** What is wrong with a configured HBase namespace name, or nothing. */
    static Optional<String> namespace(String name) {
        return VALID.matcher(name).matches() ? Optional.empty() : Optional.of("'" + name
                + "' is not a valid name: use 1 to 48 letters, digits and underscores");
    }
}
