package io.catena.server.config;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Names of a region's keyspace (Cassandra) or namespace (HBase). Both stores allow letters, digits
 * and underscores; Cassandra at most 48 characters.
 */
public final class StoreNames {

    private static final Pattern VALID = Pattern.compile("[A-Za-z0-9_]{1,48}");

    private StoreNames() {
    }

    /** {@code catena_} and the region's name in lower case, every other character an underscore. */
    public static String forRegion(String region) {
        String name = "catena_" + region.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9_]", "_");
        return name.length() > 48 ? name.substring(0, 48) : name;
    }

    /** A configured name, checked. */
    static String parse(String text) {
        if (!VALID.matcher(text).matches()) {
            throw new IllegalArgumentException("'" + text + "' is not a valid name: use 1 to 48 letters, digits and "
                    + "underscores");
        }
        return text;
    }
}
