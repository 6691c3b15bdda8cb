package io.catena.server.config;

import java.util.Locale;

/** Where a region keeps its data ({@code storage.backend:} in the file). */
public enum StorageBackend {

    /** The embedded store: in memory, with an optional write-ahead journal on disk. */
    MEMORY;

    /** The name used in configuration files. */
    public String configName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * The backend named {@code text}; {@code cassandra} and {@code hbase} are reserved for the
     * adapters being built, so they get a message of their own.
     *
     * @throws IllegalArgumentException with a message fit to follow a key path
     */
    public static StorageBackend parse(String text) {
        for (StorageBackend backend : values()) {
            if (backend.configName().equals(text)) {
                return backend;
            }
        }
        if (text.equals("cassandra") || text.equals("hbase")) {
            throw new IllegalArgumentException(text + " is planned but not available yet; use memory");
        }
        throw new IllegalArgumentException("'" + text + "' is not a storage backend; use memory");
    }
}
