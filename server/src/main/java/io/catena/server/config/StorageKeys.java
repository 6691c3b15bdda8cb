package io.catena.server.config;

import io.catena.core.config.keys.ValueForms;
import io.catena.core.config.keys.ValueKey;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Where a region keeps its data ({@code storage:} in its file): the catalogue of the section's own
 * keys and of a store's login. The Cassandra store's settings are the adapter's
 * ({@link io.catena.storage.cassandra.CassandraKeys}), and so are HBase's
 * ({@link io.catena.storage.hbase.HBaseKeys}).
 */
final class StorageKeys {

    static final ValueKey<StorageBackend> BACKEND = new ValueKey<>("backend", "a backend such as memory",
            StorageBackend::parse, StorageBackend::configName, Optional.of(StorageBackend.MEMORY),
            ValueKey.anyValue(), "memory (the embedded store), cassandra or hbase (one cluster per region)");

    static final ValueKey<Path> JOURNAL = new ValueKey<>("journal", "a directory", PathForm::parse,
            PathForm::written, Optional.empty(), ValueKey.anyValue(),
            "directory of the memory store's write-ahead journal, created if missing; only with memory");

    /** A store's user, with {@link #PASSWORD_FILE}; the two come together or not at all. */
    static final ValueKey<String> USERNAME = new ValueKey<>("username", "a user name", text -> text,
            name -> name, Optional.empty(), ValueForms::nonBlank, "the user to log in to the store as");

    static final ValueKey<Path> PASSWORD_FILE = new ValueKey<>("passwordFile", "a file", PathForm::parse,
            PathForm::written, Optional.empty(), ValueKey.anyValue(),
            "the file holding that user's password alone, read when the store opens");

    /** The section's own keys, in the order a file lists them. */
    static final List<ValueKey<?>> ALL = List.of(BACKEND, JOURNAL);

    /** A store's login, in the order a store's section lists it. */
    static final List<ValueKey<?>> LOGIN = List.of(USERNAME, PASSWORD_FILE);

    private StorageKeys() {
    }
}
