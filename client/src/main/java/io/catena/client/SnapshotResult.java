package io.catena.client;

import io.catena.core.data.ChainKey;
import io.catena.core.data.Row;
import io.catena.core.data.RowKey;
import io.catena.core.data.SnapshotRows;
import io.catena.core.data.Version;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The rows of one snapshot read, those read by key and those of whole partitions: every row as of
 * the same {@link #version()}, a prefix of the serialization order. Immutable.
 */
public final class SnapshotResult {

    private final Version version;
    private final ReadRows rows;
    private final Map<ChainKey, SortedMap<String, ResultRow>> partitions = new LinkedHashMap<>();

    SnapshotResult(Version version, SnapshotRows read) {
        this.version = version;
        this.rows = new ReadRows(read.keyReads());
        read.partitions().forEach((key, partition) -> {
            SortedMap<String, ResultRow> out = new TreeMap<>();
            for (Map.Entry<String, Row> e : partition.entrySet()) {
                out.put(e.getKey(), new ResultRow("row " + new RowKey(key, e.getKey()), e.getValue()));
            }
            partitions.put(key, Collections.unmodifiableSortedMap(out));
        });
    }

    /** The snapshot's version: every transaction at or below it is included, none above. */
    public Version version() {
        return version;
    }

    /**
     * A row the read asked for by key.
     *
     * @param key the row
     * @return the row, or empty if it did not exist at the snapshot
     * @throws IllegalArgumentException if the read did not ask for that row by key (a row of a
     *     partition read whole is in {@link #partition})
     */
    public Optional<ResultRow> row(RowKey key) {
        return rows.row(key);
    }

    /** The keys read, in the order asked. */
    public Set<RowKey> keys() {
        return rows.keys();
    }

    /**
     * Every row of a partition the read asked for, at the snapshot.
     *
     * @param partition the partition's chain key
     * @return its rows by clustering key, in clustering-key order ({@link String#compareTo}); empty
     *     if the partition had no rows at the snapshot
     * @throws IllegalArgumentException if the read did not ask for that partition
     */
    public SortedMap<String, ResultRow> partition(ChainKey partition) {
        SortedMap<String, ResultRow> found = partitions.get(partition);
        if (found == null) {
            throw new IllegalArgumentException("Partition " + partition + " was not read by this request; it read "
                    + (partitions.isEmpty() ? "no partition" : "partitions " + partitions.keySet()) + ".");
        }
        return found;
    }

    /** The partitions read whole, in the order asked. */
    public Set<ChainKey> partitions() {
        return Collections.unmodifiableSet(partitions.keySet());
    }

    @Override
    public String toString() {
        return "snapshot at " + version + " of " + rows.keys() + (partitions.isEmpty() ? ""
                : " and partitions " + partitions.keySet());
    }
}
