package io.catena.tpcc.readonly;

import io.catena.core.data.Row;
import io.catena.core.data.RowKey;
import java.util.Collection;
import java.util.Map;

/**
 * Reads rows from one consistent committed snapshot, as Catena's local read-only transactions do.
 * Each read is at least as new as the previous one through the same reader (monotonic reads).
 */
@FunctionalInterface
public interface SnapshotReader {

    /** The rows that exist among {@code keys}, all as of one version; absent rows are left out. */
    Map<RowKey, Row> read(Collection<RowKey> keys);
}
