package io.catena.server.config;

import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * Where this process keeps its region's data ({@code storage:} in the file). Per process: not
 * part of the cluster fingerprint.
 *
 * @param backend the store (default {@code memory})
 * @param journal directory of the memory store's write-ahead journal, created if missing; a path
 *                in a file is relative to the file's directory (default: none, data lives in
 *                memory only and is lost when the process stops)
 */
public record StorageSettings(StorageBackend backend, Optional<Path> journal) {

    public StorageSettings {
        Objects.requireNonNull(backend, "backend");
        Objects.requireNonNull(journal, "journal");
    }

    /** The default: the memory store without a journal. */
    public static StorageSettings defaults() {
        return new StorageSettings(StorageBackend.MEMORY, Optional.empty());
    }

    /** The memory store journaled in {@code directory}. */
    public static StorageSettings memory(Path directory) {
        return new StorageSettings(StorageBackend.MEMORY, Optional.of(directory));
    }
}
