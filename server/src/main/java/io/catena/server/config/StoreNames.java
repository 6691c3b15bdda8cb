package io.catena.server.config;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Names of a region's keyspace (Cassandra) or namespace (HBase). Both stores allow letters, digits
 * and underscores; Cassandra at most 48 characters.
 */
public final class StoreNames {

    private static final Pattern VALID = Pattern.compile("[A-Za-z0-9_]{1,48}");
    /** Cassandra folds unquoted names to lower case; the adapter takes them as CQL writes them. */
    private static final Pattern KEYSPACE = Pattern.compile("[a-z][a-z0-9_]{0,47}");

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

    /** A configured Cassandra keyspace name, checked. */
    static String keyspace(String text) {
        if (!KEYSPACE.matcher(text).matches()) {
            throw new IllegalArgumentException("'" + text + "' is not a valid keyspace name: use 1 to 48 lower-case "
                    + "letters, digits and underscores, starting with a letter");
        }
        return text;
    }

    /** A configured HBase namespace name, checked. */
    static String parse(String text) {
        if (!VALID.matcher(text).matches()) {
            throw new IllegalArgumentException("'" + text + "' is not a valid name: use 1 to 48 letters, digits and "
                    + "underscores");
        }
        return text;
    }
}
