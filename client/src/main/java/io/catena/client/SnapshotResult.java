package io.catena.client;

import io.catena.core.data.RowKey;
import io.catena.core.data.Version;
import java.util.Optional;
import java.util.Set;

/**
 * The rows of one snapshot read: every row as of the same {@link #version()}, a prefix of the
 * serialization order. Immutable.
 */
public final class SnapshotResult {

    private final Version version;
    private final ReadRows rows;

    SnapshotResult(Version version, ReadRows rows) {
        this.version = version;
        this.rows = rows;
    }

    /** The snapshot's version: every transaction at or below it is included, none above. */
    public Version version() {
        return version;
    }

    /**
     * A row of the snapshot.
     *
     * @param key the row
     * @return the row, or empty if it did not exist at the snapshot
     * @throws IllegalArgumentException if the read did not ask for that row
     */
    public Optional<ResultRow> row(RowKey key) {
        return rows.row(key);
    }

    /** The keys read, in the order asked. */
    public Set<RowKey> keys() {
        return rows.keys();
    }

    @Override
    public String toString() {
        return "snapshot at " + version + " of " + rows.keys();
    }
}
