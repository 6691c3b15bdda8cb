package io.catena.storage.hbase;

import static io.catena.storage.hbase.HBaseLayout.LOG_FAMILY;
import static io.catena.storage.hbase.HBaseLayout.LOG_RECORD;
import static io.catena.storage.hbase.HBaseLayout.META_FAMILY;
import static io.catena.storage.hbase.HBaseLayout.TRUNCATED_ROW;
import static io.catena.storage.hbase.HBaseLayout.bytes;
import static io.catena.storage.hbase.HBaseLayout.text;

import io.catena.core.id.RegionId;
import io.catena.core.rlog.RLogRecord;
import io.catena.core.spi.GroupedLogAppends;
import io.catena.storage.memory.LogRecordFormat;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.hadoop.hbase.client.AdvancedScanResultConsumer;
import org.apache.hadoop.hbase.client.AsyncTable;
import org.apache.hadoop.hbase.client.CheckAndMutate;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.filter.KeyOnlyFilter;

/**
 * The replicated log in the {@code rlog} table, with truncation marks in the {@code meta} table
 * ({@link HBaseLayout}). Called inside the origin's turn of the engine's {@link KeySequencer};
 * asynchronous, never blocking.
 *
 * <p>An append is one {@code checkAndMutate}-if-absent, so the first record stored for an
 * (origin, epoch) wins even between engines. A truncation first persists its mark (cell
 * timestamp = epoch, one version kept, so the mark only ever moves forward), then deletes the
 * records it covers. The marks are read when the engine opens and remembered: an append at or
 * below its origin's mark is ignored, and {@link #read} filters by the stored marks as well, so a
 * record re-appended by a stale writer is never served.
 */
final class ReplicatedLogTable {

    private final AsyncTable<AdvancedScanResultConsumer> log;
    private final AsyncTable<AdvancedScanResultConsumer> meta;
    private final Map<RegionId, Long> truncatedThrough = new ConcurrentHashMap<>();

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
     * Stores records of one origin, one {@code checkAndMutate}-if-absent each, sent together (one
     * multi-request to the region server when they share a region).
     */
    CompletableFuture<Void> append(RegionId origin, List<GroupedLogAppends.Encoded> records) {
        long truncated = truncatedThrough.getOrDefault(origin, 0L);
        List<CheckAndMutate> writes = new ArrayList<>(records.size());
        for (GroupedLogAppends.Encoded encoded : records) {
            RLogRecord record = encoded.record();
            if (record.epoch() <= truncated) {
                continue;
            }
            byte[] row = RowKeys.logRow(record.origin(), record.epoch());
            Put put = new Put(row).addColumn(LOG_FAMILY, LOG_RECORD, encoded.bytes());
            writes.add(CheckAndMutate.newBuilder(row).ifNotExists(LOG_FAMILY, LOG_RECORD).build(put));
        }
        if (writes.isEmpty()) {
            return CompletableFuture.completedFuture(null);
        }
        return CompletableFuture.allOf(log.checkAndMutate(writes).toArray(CompletableFuture[]::new));
    }

    CompletableFuture<Void> truncate(RegionId origin, long throughEpoch) {
        if (throughEpoch <= truncatedThrough.getOrDefault(origin, 0L)) {
            return CompletableFuture.completedFuture(null);
        }
        long stamp = Math.min(throughEpoch, Long.MAX_VALUE - 1);
        Put mark = new Put(TRUNCATED_ROW).addColumn(META_FAMILY, bytes(Integer.toString(origin.index())), stamp,
                bytes(Long.toString(throughEpoch)));
        Scan covered = new Scan().withStartRow(RowKeys.logOriginStart(origin))
                .withStopRow(RowKeys.logRow(origin, throughEpoch), true)
                .setFilter(new KeyOnlyFilter());
        return meta.put(mark)
                .thenRun(() -> truncatedThrough.merge(origin, throughEpoch, Math::max))
                .thenCompose(marked -> log.scanAll(covered))
                .thenCompose(rows -> {
                    List<Delete> deletes = new ArrayList<>(rows.size());
                    for (Result r : rows) {
                        deletes.add(new Delete(r.getRow()));
                    }
                    return deletes.isEmpty() ? CompletableFuture.completedFuture(null) : log.deleteAll(deletes);
                });
    }

    CompletableFuture<List<RLogRecord>> read() {
        return marks().thenCombine(log.scanAll(new Scan().addColumn(LOG_FAMILY, LOG_RECORD)), (marks, rows) -> {
            List<RLogRecord> records = new ArrayList<>(rows.size());
            for (Result r : rows) {
                if (RowKeys.logEpoch(r.getRow()) <= marks.getOrDefault(RowKeys.logOrigin(r.getRow()), 0L)) {
                    continue;
                }
                try {
                    records.add(LogRecordFormat.decode(r.getValue(LOG_FAMILY, LOG_RECORD)));
                } catch (IOException e) {
                    throw new UncheckedIOException("the log record stored at origin " + RowKeys.logOrigin(r.getRow())
                            + ", epoch " + RowKeys.logEpoch(r.getRow()) + " does not decode: " + e.getMessage(), e);
                }
            }
            return records;
        });
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
