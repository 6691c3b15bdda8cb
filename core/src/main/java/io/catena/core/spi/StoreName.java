package io.catena.core.spi;

import java.util.Locale;

/**
 * What a {@link StorageEngine} calls the place holding one region's tables when its settings name
 * none: a Cassandra keyspace, an HBase namespace. Both adapters and the region's file derive it
 * here, so a region finds its data under the same name whichever of them names it.
 */
public final class StoreName {

    /** The longest name: within Cassandra's keyspace limit and the file's rule for a namespace. */
    public static final int MAX_LENGTH = 48;

    private StoreName() {
    }

    /**
     * {@code catena_<cluster>_<region>} in lower case, every character but letters, digits and
     * underscores an underscore, cut to {@value #MAX_LENGTH} characters: two clusters sharing a
     * storage cluster keep apart by default, and the name starts with a letter as a keyspace's
     * must. Names that collide after this are caught when the store is opened (it records the
     * cluster and region it belongs to).
     */
    public static String ofRegion(String cluster, String region) {
        String name = ("catena_" + cluster + "_" + region).toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9_]", "_");
        return name.length() > MAX_LENGTH ? name.substring(0, MAX_LENGTH) : name;
    }
}
