package io.catena.storage.cassandra;

import io.catena.core.data.Row;
import io.catena.core.data.Version;

/** One CQL row of the {@code data} table: a row's value at a version, or its deletion ({@code row} null). */
record StoredVersion(String clustering, Version version, Row row) {

    boolean isDeletion() {
        return row == null;
    }
}
