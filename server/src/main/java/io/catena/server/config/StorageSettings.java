package io.catena.server.config;

import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * Where this process keeps its region's data ({@code storage:} in the file). Per process: not
 * part of the cluster fingerprint.
 *
 * @param backend   the store (default {@code memory})
 * @param journal   directory of the memory store's write-ahead journal, created if missing; a path
 *                  in a file is relative to the file's directory (default: none, data lives in
 *                  memory only and is lost when the process stops)
 * @param cassandra the region's Cassandra cluster; present exactly when the backend is Cassandra
 * @param hbase     the region's HBase cluster; present exactly when the backend is HBase
 */
public record StorageSettings(StorageBackend backend, Optional<Path> journal,
                              Optional<CassandraStoreSettings> cassandra, Optional<HBaseStoreSettings> hbase) {

    public StorageSettings {
        Objects.requireNonNull(backend, "backend");
        Objects.requireNonNull(journal, "journal");
        Objects.requireNonNull(cassandra, "cassandra");
        Objects.requireNonNull(hbase, "hbase");
    }

    /** The memory store, journaled in {@code journal} if present. */
    public StorageSettings(StorageBackend backend, Optional<Path> journal) {
        this(backend, journal, Optional.empty(), Optional.empty());
    }

    /** The default: the memory store without a journal. */
    public static StorageSettings defaults() {
        return new StorageSettings(StorageBackend.MEMORY, Optional.empty());
    }

    /** The memory store journaled in {@code directory}. */
    public static StorageSettings memory(Path directory) {
        return new StorageSettings(StorageBackend.MEMORY, Optional.of(directory));
    }

    /** A Cassandra cluster. */
    public static StorageSettings cassandra(CassandraStoreSettings settings) {
        return new StorageSettings(StorageBackend.CASSANDRA, Optional.empty(), Optional.of(settings), Optional.empty());
    }

    /** An HBase cluster. */
    public static StorageSettings hbase(HBaseStoreSettings settings) {
        return new StorageSettings(StorageBackend.HBASE, Optional.empty(), Optional.empty(), Optional.of(settings));
    }
}
