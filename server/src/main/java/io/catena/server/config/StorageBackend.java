package io.catena.server.config;

import java.util.Arrays;
import java.util.Locale;

/** Where a region keeps its data ({@code storage.backend:} in the file). */
public enum StorageBackend {

    /** The embedded store: in memory, with an optional write-ahead journal on disk. */
    MEMORY,
    /** A keyspace of the region's Apache Cassandra cluster ({@code storage.cassandra:}). */
    CASSANDRA,
    /** A namespace of the region's Apache HBase cluster ({@code storage.hbase:}). */
    HBASE;

    /** The name used in configuration files. */
    public String configName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * The backend named {@code text}.
     *
     * @throws IllegalArgumentException with a message fit to follow a key path
     */
    public static StorageBackend parse(String text) {
        for (StorageBackend backend : values()) {
            if (backend.configName().equals(text)) {
                return backend;
            }
        }
        throw new IllegalArgumentException("'" + text + "' is not a storage backend; use one of "
                + String.join(", ", Arrays.stream(values()).map(StorageBackend::configName).toList()));
    }
}
