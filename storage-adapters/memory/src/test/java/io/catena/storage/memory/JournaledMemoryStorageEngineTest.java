package io.catena.storage.memory;

import io.catena.core.spi.StorageEngine;
import io.catena.storage.conformance.StorageEngineConformanceTest;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;

/** The conformance suite against the engine with its write-ahead journal switched on. */
class JournaledMemoryStorageEngineTest extends StorageEngineConformanceTest {

    @TempDir
    Path directory;

    @Override
    protected StorageEngine newEngine() {
        try {
            return new MemoryStorageEngine(directory);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
