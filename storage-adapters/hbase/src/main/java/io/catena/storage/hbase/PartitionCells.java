package io.catena.storage.hbase;

import io.catena.core.data.ChainKey;
import io.catena.core.data.PartitionImage;
import io.catena.core.data.Row;
import io.catena.core.data.RowJson;
import io.catena.core.data.RowWrite;
import io.catena.core.data.Version;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.SortedMap;
import java.util.TreeMap;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.client.Result;

/**
 * Turns the cells of a chain key's HBase row into what the SPI returns: the rows at a version,
 * or the partition's image. Stateless.
 */
final class PartitionCells {

    private PartitionCells() {
    }

    /** The stamp of the key's latest applied version in {@code row}, or 0 if it has none. */
    static long latest(Result row) {
        return stampOf(row, HBaseLayout.LATEST);
    }

    /** The stamp of the key's garbage-collection horizon in {@code row}, or 0 if it has none. */
    static long horizon(Result row) {
        return stampOf(row, HBaseLayout.HORIZON);
    }

    /**
     * The rows of a read whose data cells were limited to the newest at or below {@code readStamp}.
     *
     * @param knownHorizon a horizon in force that may not be stored yet (0 if none)
     * @throws IllegalStateException if the read is below the key's horizon, naming the key
     */
    static SortedMap<String, Row> rowsAt(ChainKey key, Result row, Version atOrBelow, long readStamp, long knownHorizon) {
        long horizon = Math.max(horizon(row), knownHorizon);
        if (readStamp < horizon) {
            throw new IllegalStateException("history of " + key + " before " + VersionStamp.toVersion(horizon)
                    + " was collected; cannot read at " + atOrBelow);
        }
        NavigableMap<byte[], byte[]> cells = row.getFamilyMap(HBaseLayout.DATA_ROWS);
        if (cells == null || cells.isEmpty()) {
            return Collections.emptySortedMap();
        }
        TreeMap<String, Row> rows = new TreeMap<>();
        for (Map.Entry<byte[], byte[]> cell : cells.entrySet()) {
            if (cell.getValue().length > 0) {
                rows.put(clustering(cell.getKey()), RowJson.decode(new String(cell.getValue(), StandardCharsets.UTF_8)));
            }
        }
        return Collections.unmodifiableSortedMap(rows);
    }

    /**
     * The image of a read of every version of the key's row, based at its stored horizon or at
     * {@code knownHorizon} if that is later (one in force but not stored yet).
     */
    static PartitionImage image(ChainKey key, Result row, long knownHorizon) {
        long horizon = Math.max(horizon(row), knownHorizon);
        long latest = latest(row);
        TreeMap<String, Row> atBase = new TreeMap<>();
        TreeMap<Long, List<RowWrite>> after = new TreeMap<>();
        // Cells come per qualifier, newest first: the first at or below the horizon is the row at
        // the base; older ones are superseded history not yet swept.
        String current = null;
        boolean baseSeen = false;
        for (Cell cell : row.rawCells()) {
            if (!CellUtil.matchingFamily(cell, HBaseLayout.DATA_ROWS)) {
                continue;
            }
            String clustering = clustering(CellUtil.cloneQualifier(cell));
            if (!clustering.equals(current)) {
                current = clustering;
                baseSeen = false;
            }
            Row value = cell.getValueLength() == 0 ? null
                    : RowJson.decode(new String(CellUtil.cloneValue(cell), StandardCharsets.UTF_8));
            long stamp = cell.getTimestamp();
            if (stamp > horizon) {
                after.computeIfAbsent(stamp, s -> new ArrayList<>()).add(new RowWrite(clustering, value));
            } else if (!baseSeen) {
                baseSeen = true;
                if (value != null) {
                    atBase.put(clustering, value);
                }
            }
        }
        List<PartitionImage.AppliedWrites> commits = new ArrayList<>();
        after.forEach((stamp, writes) -> commits.add(new PartitionImage.AppliedWrites(VersionStamp.toVersion(stamp), writes)));
        // A commit that wrote no rows still moved the latest version; the image must say so.
        long lastWritten = after.isEmpty() ? horizon : after.lastKey();
        if (latest > lastWritten) {
            commits.add(new PartitionImage.AppliedWrites(VersionStamp.toVersion(latest), List.of()));
        }
        Version base = horizon == 0 ? Version.ZERO : VersionStamp.toVersion(horizon);
        return new PartitionImage(key, base, atBase, commits);
    }

    private static long stampOf(Result row, byte[] qualifier) {
        Cell cell = row.getColumnLatestCell(HBaseLayout.DATA_META, qualifier);
        return cell == null ? 0 : cell.getTimestamp();
    }

    private static String clustering(byte[] qualifier) {
        return HBaseLayout.clusteringOf(qualifier);
    }
}
