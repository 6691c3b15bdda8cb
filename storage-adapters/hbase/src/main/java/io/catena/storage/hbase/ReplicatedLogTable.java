package io.catena.storage.hbase;

import static io.catena.storage.hbase.HBaseLayout.FENCE_FAMILY;
import static io.catena.storage.hbase.HBaseLayout.LOG_FAMILY;
import static io.catena.storage.hbase.HBaseLayout.META_FAMILY;
import static io.catena.storage.hbase.HBaseLayout.ROW_MARK;
import static io.catena.storage.hbase.HBaseLayout.ROW_MARK_VALUE;
import static io.catena.storage.hbase.HBaseLayout.TERM;
import static io.catena.storage.hbase.HBaseLayout.TRUNCATED_ROW;
import static io.catena.storage.hbase.HBaseLayout.bytes;
import static io.catena.storage.hbase.HBaseLayout.text;

import io.catena.core.id.RegionId;
import io.catena.core.rlog.RLogRecord;
import io.catena.core.spi.GroupedLogAppends;
import io.catena.core.spi.StoreFencedException;
import io.catena.storage.memory.LogRecordFormat;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.client.AdvancedScanResultConsumer;
import org.apache.hadoop.hbase.client.AsyncTable;
import org.apache.hadoop.hbase.client.CheckAndMutate;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.filter.ColumnRangeFilter;
import org.apache.hadoop.hbase.filter.Filter;
import org.apache.hadoop.hbase.filter.FilterList;
import org.apache.hadoop.hbase.filter.KeyOnlyFilter;
import org.apache.hadoop.hbase.filter.MultipleColumnPrefixFilter;

/**
 * The replicated log in the {@code rlog} table, one row per origin region, with truncation marks
 * in the {@code meta} table ({@link HBaseLayout}), and the leader term fence of the region's own
 * log. Called inside the origin's turn of the engine's {@link KeySequencer}; asynchronous, never
 * blocking.
 *
 * <p>An append of a batch of records is one {@code checkAndMutate} of their columns if they are
 * absent, so the first record stored for an (origin, epoch) wins even between engines. A truncation first persists its
 * mark (cell timestamp = epoch, one version kept, so the mark only ever moves forward), then
 * deletes the records it covers. The marks are read when the engine opens and remembered: an
 * append at or below its origin's mark is ignored, and {@link #read} filters by the stored marks
 * as well, so a record re-appended by a stale writer is never served.
 *
 * <p><b>Fencing.</b> The region's leader term sits in its own origin's row ({@code f:term}), so
 * that a leader's appends of its own records are one {@code checkAndMutate} of that row whose
 * condition is the term and the records' absence together: HBase checks and writes it under the
 * row lock, and a claim of a later term, a compare-and-set of the same cell, is ordered before or
 * after it as a whole. This is why the log keeps an origin's records in one row: with a row per
 * record, a claim would have to write the term into every record's row.
 */
final class ReplicatedLogTable {

    /** Appends of one batch tried at most, each after a refusal that changed what was stored. */
    private static final int MAX_ATTEMPTS = 5;

    private final AsyncTable<AdvancedScanResultConsumer> log;
    private final AsyncTable<AdvancedScanResultConsumer> meta;
    private final Map<RegionId, Long> truncatedThrough = new ConcurrentHashMap<>();
    /** Origins whose log row this engine has marked ({@link HBaseLayout#ROW_MARK}). */
    private final Set<RegionId> marked = ConcurrentHashMap.newKeySet();

    private ReplicatedLogTable(AsyncTable<AdvancedScanResultConsumer> log, AsyncTable<AdvancedScanResultConsumer> meta) {
        this.log = log;
        this.meta = meta;
    }

    /** The table with its stored truncation marks loaded. */
    static CompletableFuture<ReplicatedLogTable> open(AsyncTable<AdvancedScanResultConsumer> log,
                                                      AsyncTable<AdvancedScanResultConsumer> meta) {
        ReplicatedLogTable table = new ReplicatedLogTable(log, meta);
        return table.marks().thenApply(marks -> {
            table.truncatedThrough.putAll(marks);
            return table;
        });
    }

    /**
     * Stores records of one origin: all of them or none, in one {@code checkAndMutate} of the
     * origin's row if none of their epochs is stored (one row lock and one WAL sync for the batch,
     * where a {@code checkAndMutate} per record paid one each, and could not keep up with three
     * origins' epochs on one server). If refused, the records already stored count as appended
     * (the first record wins) and the rest is tried again.
     */
    CompletableFuture<Void> append(RegionId origin, List<GroupedLogAppends.Encoded> records) {
        List<GroupedLogAppends.Encoded> pending = firstOfEachEpoch(origin, records);
        if (pending.isEmpty()) {
            return CompletableFuture.completedFuture(null);
        }
        CompletableFuture<Void> rowMarked = marked.contains(origin) ? CompletableFuture.completedFuture(null)
                : mark(origin);
        return rowMarked.thenCompose(x -> appendIfAbsent(origin, pending, null, 1));
    }

    /** Marks the origin's row; idempotent, so engines may race to do it. */
    private CompletableFuture<Void> mark(RegionId origin) {
        return log.put(new Put(RowKeys.logRow(origin)).addColumn(FENCE_FAMILY, ROW_MARK, ROW_MARK_VALUE))
                .thenRun(() -> marked.add(origin));
    }

    /**
     * Stores records of the region's own origin as its leader of {@code term} writes them: as
     * {@link #append}, and only if the row's term is {@code term}. If refused, reads why: a higher
     * term fails the append with {@link StoreFencedException}; records already stored count as
     * appended; a lower term or none is raised to {@code term} first (the leader claims before it
     * writes, so this happens only if it did not), and the rest is tried again.
     */
    CompletableFuture<Void> appendFenced(RegionId origin, List<GroupedLogAppends.Encoded> records, long term) {
        return appendIfAbsent(origin, firstOfEachEpoch(origin, records), term, 1);
    }

    /** One Put cannot carry two records of an epoch and keep the first, so a batch keeps only the first. */
    private List<GroupedLogAppends.Encoded> firstOfEachEpoch(RegionId origin,
                                                             List<GroupedLogAppends.Encoded> records) {
        Map<Long, GroupedLogAppends.Encoded> first = new LinkedHashMap<>();
        untruncated(origin, records).forEach(r -> first.putIfAbsent(r.record().epoch(), r));
        return List.copyOf(first.values());
    }

    /**
     * The records in one conditional Put, conditional on {@code term} if it is not null, else on
     * the row's mark (a check whose filter keeps no cell fails, so some present cell must pass).
     */
    private CompletableFuture<Void> appendIfAbsent(RegionId origin, List<GroupedLogAppends.Encoded> records, Long term,
                                                   int attempt) {
        if (records.isEmpty()) {
            return CompletableFuture.completedFuture(null);
        }
        byte[] row = RowKeys.logRow(origin);
        Put put = new Put(row);
        List<Filter> conditions = new ArrayList<>(records.size() + 2);
        conditions.add(term != null ? TermCell.holds(FENCE_FAMILY, term)
                : TermCell.cellEquals(FENCE_FAMILY, ROW_MARK, ROW_MARK_VALUE));
        byte[][] columns = new byte[records.size() + 1][];
        for (int i = 0; i < records.size(); i++) {
            columns[i] = RowKeys.epochQualifier(records.get(i).record().epoch());
            put.addColumn(LOG_FAMILY, columns[i], records.get(i).bytes());
            conditions.add(TermCell.absent(LOG_FAMILY, columns[i]));
        }
        columns[records.size()] = term != null ? TERM : ROW_MARK;
        // The conditions need these columns only: the region server seeks to them instead of
        // reading the origin's whole log at every append.
        conditions.add(new MultipleColumnPrefixFilter(columns));
        CheckAndMutate write = CheckAndMutate.newBuilder(row)
                .ifMatches(new FilterList(FilterList.Operator.MUST_PASS_ALL, conditions)).build(put);
        return log.checkAndMutate(write).thenCompose(result -> result.isSuccess()
                ? CompletableFuture.completedFuture(null) : afterRefusal(origin, records, term, attempt));
    }

    private CompletableFuture<Void> afterRefusal(RegionId origin, List<GroupedLogAppends.Encoded> records,
                                                 Long term, int attempt) {
        byte[] row = RowKeys.logRow(origin);
        Get stored = new Get(row).addColumn(FENCE_FAMILY, term != null ? TERM : ROW_MARK);
        records.forEach(r -> stored.addColumn(LOG_FAMILY, RowKeys.epochQualifier(r.record().epoch())));
        return log.get(stored).thenCompose(found -> {
            Long held = term == null ? null : TermCell.heldIn(found, FENCE_FAMILY);
            if (held != null && held > term) {
                return CompletableFuture.failedFuture(new StoreFencedException(term, held));
            }
            List<GroupedLogAppends.Encoded> missing = records.stream()
                    .filter(r -> !found.containsColumn(LOG_FAMILY, RowKeys.epochQualifier(r.record().epoch()))).toList();
            if (!missing.isEmpty() && attempt >= MAX_ATTEMPTS) {
                return CompletableFuture.failedFuture(new IllegalStateException("the log of " + origin
                        + " kept changing under appends" + (term == null ? "" : " of leader term " + term)
                        + "; another writer is appending its records"));
            }
            CompletableFuture<Void> claimed;
            if (term == null) {
                claimed = found.containsColumn(FENCE_FAMILY, ROW_MARK) ? CompletableFuture.completedFuture(null)
                        : mark(origin);
            } else {
                claimed = held != null && held.longValue() == term ? CompletableFuture.completedFuture(null)
                        : TermCell.raise(log, row, FENCE_FAMILY, term);
            }
            return claimed.thenCompose(ok -> appendIfAbsent(origin, missing, term, attempt + 1));
        });
    }

    /** Claims the region's own log for its leader of {@code term} ({@link TermCell#raise}). */
    CompletableFuture<Void> claim(RegionId region, long term) {
        return TermCell.raise(log, RowKeys.logRow(region), FENCE_FAMILY, term);
    }

    /** The term that claimed the region's own log last, or null if none has. */
    CompletableFuture<Long> claimedTerm(RegionId region) {
        return TermCell.held(log, RowKeys.logRow(region), FENCE_FAMILY);
    }

    CompletableFuture<Void> truncate(RegionId origin, long throughEpoch) {
        if (throughEpoch <= truncatedThrough.getOrDefault(origin, 0L)) {
            return CompletableFuture.completedFuture(null);
        }
        long stamp = Math.min(throughEpoch, Long.MAX_VALUE - 1);
        Put mark = new Put(TRUNCATED_ROW).addColumn(META_FAMILY, bytes(Integer.toString(origin.index())), stamp,
                bytes(Long.toString(throughEpoch)));
        byte[] row = RowKeys.logRow(origin);
        Get covered = new Get(row).addFamily(LOG_FAMILY).setFilter(new FilterList(
                new ColumnRangeFilter(null, true, RowKeys.epochQualifier(throughEpoch), true), new KeyOnlyFilter()));
        return meta.put(mark)
                .thenRun(() -> truncatedThrough.merge(origin, throughEpoch, Math::max))
                .thenCompose(marked -> log.get(covered))
                .thenCompose(found -> {
                    if (found.isEmpty()) {
                        return CompletableFuture.completedFuture(null);
                    }
                    Delete delete = new Delete(row);
                    for (Cell cell : found.rawCells()) {
                        delete.addColumns(LOG_FAMILY, CellUtil.cloneQualifier(cell));
                    }
                    return log.delete(delete);
                });
    }

    CompletableFuture<List<RLogRecord>> read() {
        return marks().thenCombine(log.scanAll(new Scan().addFamily(LOG_FAMILY)), (marks, rows) -> {
            List<RLogRecord> records = new ArrayList<>();
            for (Result r : rows) {
                RegionId origin = RowKeys.logOrigin(r.getRow());
                long truncated = marks.getOrDefault(origin, 0L);
                for (Cell cell : r.rawCells()) {
                    long epoch = RowKeys.epochOf(CellUtil.cloneQualifier(cell));
                    if (epoch > truncated) {
                        records.add(decode(origin, epoch, CellUtil.cloneValue(cell)));
                    }
                }
            }
            return records;
        });
    }

    private List<GroupedLogAppends.Encoded> untruncated(RegionId origin, List<GroupedLogAppends.Encoded> records) {
        long truncated = truncatedThrough.getOrDefault(origin, 0L);
        return records.stream().filter(r -> r.record().epoch() > truncated).toList();
    }

    private static RLogRecord decode(RegionId origin, long epoch, byte[] bytes) {
        try {
            return LogRecordFormat.decode(bytes);
        } catch (IOException e) {
            throw new UncheckedIOException("the log record stored at origin " + origin + ", epoch " + epoch
                    + " does not decode: " + e.getMessage(), e);
        }
    }

    private CompletableFuture<Map<RegionId, Long>> marks() {
        return meta.get(new Get(TRUNCATED_ROW).addFamily(META_FAMILY)).thenApply(row -> {
            Map<RegionId, Long> marks = new HashMap<>();
            NavigableMap<byte[], byte[]> cells = row.getFamilyMap(META_FAMILY);
            if (cells != null) {
                cells.forEach((origin, epoch) -> marks.put(RegionId.of(Integer.parseInt(text(origin))),
                        Long.parseLong(text(epoch))));
            }
            return marks;
        });
    }
}
