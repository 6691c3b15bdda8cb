package io.catena.core.data;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * What a snapshot read returns: a result per row asked by key, and every row of each partition
 * asked. On the wire (in a {@code SnapshotReply} and in the reads of a read-only answer) both go
 * out as one list of read results: the key results as asked, then each partition's rows,
 * partitions as asked and rows in clustering-key order. Only the reader, which knows what it
 * asked, can tell where the key results end; {@link #split} is that reading.
 *
 * @param keyReads   one result per key asked, in order (a null row: absent)
 * @param partitions the rows of each partition asked, in the order asked, by clustering key
 */
public record SnapshotRows(List<ReadResult> keyReads, Map<ChainKey, SortedMap<String, Row>> partitions) {

    public SnapshotRows {
        keyReads = List.copyOf(keyReads);
        Map<ChainKey, SortedMap<String, Row>> copy = new LinkedHashMap<>();
        partitions.forEach((key, rows) -> copy.put(key, Collections.unmodifiableSortedMap(new TreeMap<>(rows))));
        partitions = Collections.unmodifiableMap(copy);
    }

    /** The list the wire carries: key results, then every partition's rows. */
    public List<ReadResult> flatten() {
        List<ReadResult> out = new ArrayList<>(keyReads);
        partitions.forEach((key, rows) -> rows.forEach((clustering, row) ->
                out.add(new ReadResult(new RowKey(key, clustering), row))));
        return out;
    }

    /**
     * Reads {@code reads} back as the answer to {@code keyCount} keys and {@code asked}
     * partitions; a partition without rows is empty, not missing.
     *
     * @throws IllegalArgumentException if the list is shorter than the keys, or a partition row
     *     is absent or names a partition not asked for: the sender did not follow the layout
     */
    public static SnapshotRows split(List<ReadResult> reads, int keyCount, List<ChainKey> asked) {
        if (reads.size() < keyCount) {
            throw new IllegalArgumentException("a snapshot read of " + keyCount + " rows was answered with "
                    + reads.size() + " results");
        }
        Map<ChainKey, SortedMap<String, Row>> partitions = new LinkedHashMap<>();
        asked.forEach(key -> partitions.put(key, new TreeMap<>()));
        for (ReadResult r : reads.subList(keyCount, reads.size())) {
            SortedMap<String, Row> rows = partitions.get(r.key().chainKey());
            if (rows == null) {
                throw new IllegalArgumentException("a snapshot read was answered with row " + r.key()
                        + " of a partition it did not ask for");
            }
            if (r.row() == null) {
                throw new IllegalArgumentException("a snapshot read was answered with an absent row " + r.key()
                        + " as part of a partition");
            }
            rows.put(r.key().clustering(), r.row());
        }
        return new SnapshotRows(reads.subList(0, keyCount), partitions);
    }
}
