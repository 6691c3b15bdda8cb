package io.catena.core.data;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The committed history of one partition: every row's values by version, readable at any version
 * since the garbage-collection horizon.
 *
 * <p>Commits are applied in increasing version order; re-applying a version at or below the
 * latest one is a no-op, which makes replays after a crash idempotent. Not thread-safe: owned by
 * one node (a chain server or the embedded store).
 */
public final class VersionedPartition {

    /*
     * Heap estimate, for a cache's budget (a 64-bit JVM with compressed references: 12-byte object
     * headers, 4-byte references, sizes rounded up to 8). Estimates, not measurements: they count
     * each object a partition holds at its shallow size and the rows' payload by Row.sizeBytes.
     */
    /** This object (40) and its empty row map (48). */
    static final int PARTITION_BYTES = 88;
    /**
     * One row's place: its map entry (40), its clustering key's String without characters (24) and
     * character array header (16), its RowHistory (24) and two arrays of two (24 each).
     */
    static final int ROW_ENTRY_BYTES = 152;
    /** One retained version of a row: a Version (24) and, on average, two more array slots (8). */
    static final int VERSION_BYTES = 32;
    /** A Row (24) with its two arrays' headers (16 each). */
    static final int ROW_BYTES = 56;
    /** One column of a row: two array slots (8) and its Datum record with its boxed payload's header (32). */
    static final int COLUMN_BYTES = 40;

    private final ChainKey key;
    private final TreeMap<String, RowHistory> rows = new TreeMap<>();
    /**
     * Versions applied after the horizon, oldest first: what a collection could fold away. Made on
     * first use: most partitions of a large store are never written after loading.
     */
    private ArrayDeque<Version> sinceHorizon;
    private Version horizon;
    private Version latest;
    private int sizeBytes;
    private long retainedBytes = PARTITION_BYTES;

    public VersionedPartition(ChainKey key) {
        this(key, Version.ZERO);
    }

    private VersionedPartition(ChainKey key, Version base) {
        this.key = key;
        this.horizon = base;
        this.latest = base;
    }

    public static VersionedPartition fromImage(PartitionImage image) {
        VersionedPartition p = new VersionedPartition(image.key(), image.base());
        for (Map.Entry<String, Row> e : image.rowsAtBase().entrySet()) {
            p.history(e.getKey()).add(image.base(), e.getValue());
            p.sizeBytes += e.getValue().sizeBytes();
            p.retainedBytes += versionBytes(e.getValue());
        }
        for (PartitionImage.AppliedWrites w : image.after()) {
            p.apply(w.version(), w.writes());
        }
        return p;
    }

    public ChainKey key() {
        return key;
    }

    /** The version of the last applied commit (or the load base if none since). */
    public Version latest() {
        return latest;
    }

    /** The oldest version this history can still answer reads for. */
    public Version horizon() {
        return horizon;
    }

    /** Approximate size of the current rows, for cost accounting. */
    public int sizeBytes() {
        return sizeBytes;
    }

    /**
     * An estimate of the heap this history takes, every retained version of every row included
     * (see the constants above): what a chain server's memory budget counts.
     */
    public long retainedBytes() {
        return retainedBytes;
    }

    /**
     * Applies a commit's writes atomically. Returns false (and changes nothing) when {@code version}
     * is not after the latest applied version, i.e. when this commit was already applied.
     */
    public boolean apply(Version version, List<RowWrite> writes) {
        if (!version.isAfter(latest)) {
            return false;
        }
        for (RowWrite w : writes) {
            RowHistory h = history(w.clustering());
            Row before = h.latest();
            if (before != null) {
                sizeBytes -= before.sizeBytes();
            }
            h.add(version, w.row());
            if (w.row() != null) {
                sizeBytes += w.row().sizeBytes();
            }
            retainedBytes += versionBytes(w.row());
        }
        latest = version;
        if (sinceHorizon == null) {
            sinceHorizon = new ArrayDeque<>(4);
        }
        sinceHorizon.addLast(version);
        return true;
    }

    /** The row as of {@code atOrBelow}, or null if it did not exist then. */
    public Row read(String clustering, Version atOrBelow) {
        requireReadable(atOrBelow);
        RowHistory h = rows.get(clustering);
        return h == null ? null : h.at(atOrBelow);
    }

    /** Rows with clustering keys in [from, to) as of {@code atOrBelow}; {@code to} null means unbounded. */
    public SortedMap<String, Row> scan(String from, String to, Version atOrBelow) {
        requireReadable(atOrBelow);
        NavigableMap<String, RowHistory> range = to == null ? rows.tailMap(from, true) : rows.subMap(from, true, to, false);
        TreeMap<String, Row> out = new TreeMap<>();
        for (Map.Entry<String, RowHistory> e : range.entrySet()) {
            Row r = e.getValue().at(atOrBelow);
            if (r != null) {
                out.put(e.getKey(), r);
            }
        }
        return Collections.unmodifiableSortedMap(out);
    }

    /** Every row as of {@code atOrBelow}. */
    public SortedMap<String, Row> snapshot(Version atOrBelow) {
        return scan("", null, atOrBelow);
    }

    /** The history as an image, for storage and for handing to a chain server. */
    public PartitionImage toImage() {
        TreeMap<Version, List<RowWrite>> byVersion = new TreeMap<>();
        TreeMap<String, Row> base = new TreeMap<>();
        for (Map.Entry<String, RowHistory> e : rows.entrySet()) {
            RowHistory h = e.getValue();
            for (int i = 0; i < h.size; i++) {
                Version v = h.versions[i];
                if (v.equals(horizon)) {
                    if (h.values[i] != null) {
                        base.put(e.getKey(), h.values[i]);
                    }
                } else {
                    byVersion.computeIfAbsent(v, x -> new ArrayList<>())
                            .add(new RowWrite(e.getKey(), h.values[i]));
                }
            }
        }
        List<PartitionImage.AppliedWrites> after = new ArrayList<>();
        byVersion.forEach((v, w) -> after.add(new PartitionImage.AppliedWrites(v, w)));
        return new PartitionImage(key, horizon, base, after);
    }

    /**
     * Forgets history that no reader at or after {@code newHorizon} can need. Reads below the new
     * horizon fail afterwards.
     */
    public void collectGarbage(Version newHorizon) {
        Version h = Version.min(newHorizon, latest);
        if (!h.isAfter(horizon)) {
            return;
        }
        while (hasHistoryAboveHorizon() && !sinceHorizon.peekFirst().isAfter(h)) {
            sinceHorizon.removeFirst();
        }
        if (!hasHistoryAboveHorizon()) {
            sinceHorizon = null;
        }
        rows.values().removeIf(history -> history.foldBelow(h));
        horizon = h;
        long bytes = PARTITION_BYTES;
        for (Map.Entry<String, RowHistory> e : rows.entrySet()) {
            bytes += ROW_ENTRY_BYTES + e.getKey().length();
            RowHistory history = e.getValue();
            for (int i = 0; i < history.size; i++) {
                bytes += versionBytes(history.values[i]);
            }
        }
        retainedBytes = bytes;
    }

    /** The estimated heap of one retained version of a row ({@code row} null: a deletion). */
    static long versionBytes(Row row) {
        return VERSION_BYTES + (row == null ? 0 : ROW_BYTES + (long) COLUMN_BYTES * row.size() + row.sizeBytes());
    }

    /**
     * Whether collecting below {@code newHorizon} would free anything: only if a version applied
     * since the horizon is at or below it, superseding what the horizon keeps. Moving the horizon
     * past nothing but the horizon's own state frees nothing.
     */
    public boolean wouldForget(Version newHorizon) {
        return hasHistoryAboveHorizon() && !sinceHorizon.peekFirst().isAfter(newHorizon);
    }

    /** Whether versions were applied since the horizon: a later collection may have work. */
    public boolean hasHistoryAboveHorizon() {
        return sinceHorizon != null && !sinceHorizon.isEmpty();
    }

    private void requireReadable(Version atOrBelow) {
        if (atOrBelow.isBefore(horizon)) {
            throw new IllegalStateException("history of " + key + " before " + horizon
                    + " was collected; cannot read at " + atOrBelow);
        }
    }

    private RowHistory history(String clustering) {
        RowHistory h = rows.get(clustering);
        if (h == null) {
            h = new RowHistory();
            rows.put(clustering, h);
            retainedBytes += ROW_ENTRY_BYTES + clustering.length();
        }
        return h;
    }

    /** Versions and values of one row, oldest first; a null value is a deletion. */
    private static final class RowHistory {
        private Version[] versions = new Version[2];
        private Row[] values = new Row[2];
        private int size;

        void add(Version v, Row value) {
            if (size == versions.length) {
                versions = java.util.Arrays.copyOf(versions, size * 2);
                values = java.util.Arrays.copyOf(values, size * 2);
            }
            versions[size] = v;
            values[size] = value;
            size++;
        }

        Row latest() {
            return size == 0 ? null : values[size - 1];
        }

        Row at(Version atOrBelow) {
            for (int i = size - 1; i >= 0; i--) {
                if (!versions[i].isAfter(atOrBelow)) {
                    return values[i];
                }
            }
            return null;
        }

        /** Folds entries at or below {@code h} into one entry at {@code h}; true if the row is gone. */
        boolean foldBelow(Version h) {
            int last = -1;
            for (int i = 0; i < size; i++) {
                if (!versions[i].isAfter(h)) {
                    last = i;
                }
            }
            if (last < 0) {
                return false;
            }
            // In place: the arrays stay, so a collection allocates nothing and old arrays that
            // the garbage collector has promoted are not replaced by young copies on every fold.
            Row value = values[last];
            int keep = size - last - 1;
            int n = 0;
            if (value != null) {
                versions[0] = h;
                values[0] = value;
                n = 1;
            }
            System.arraycopy(versions, last + 1, versions, n, keep);
            System.arraycopy(values, last + 1, values, n, keep);
            java.util.Arrays.fill(versions, n + keep, size, null);
            java.util.Arrays.fill(values, n + keep, size, null);
            size = n + keep;
            return size == 0;
        }
    }
}
