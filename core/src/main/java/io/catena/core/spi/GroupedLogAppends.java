package io.catena.core.spi;

import io.catena.core.id.RegionId;
import io.catena.core.rlog.RLogRecord;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * Group commit of log appends for storage adapters: one write per origin is in flight at a time,
 * and the records of that origin appended meanwhile go together in the next write. A region
 * appends a record per origin and epoch (three hundred a second with three regions and 10 ms
 * epochs); against a store a round trip away, one write per record would make the log the
 * bottleneck of every region, while grouping costs a record at most one extra round trip of wait.
 *
 * <p>Each append completes when the write that carried it does, with its failure if it failed.
 * A write carries the records in the order they were appended, at most {@code maxRecords} of them
 * and, past the first, at most {@code maxBytes} of encoded records. Thread-safe; never blocks.
 */
public final class GroupedLogAppends {

    /** Persists records of one origin, in one round trip if it can. */
    @FunctionalInterface
    public interface Writer {
        CompletionStage<Void> write(RegionId origin, List<Encoded> records);
    }

    /** A record with the bytes the adapter stores for it. */
    public record Encoded(RLogRecord record, byte[] bytes) {
    }

    private record Waiting(Encoded entry, CompletableFuture<Void> done) {
    }

    private static final class Origin {
        final ArrayDeque<Waiting> waiting = new ArrayDeque<>();
        boolean writing;
    }

    private final Writer writer;
    private final int maxRecords;
    private final long maxBytes;
    private final Map<RegionId, Origin> origins = new HashMap<>();

    public GroupedLogAppends(Writer writer, int maxRecords, long maxBytes) {
        if (maxRecords < 1 || maxBytes < 1) {
            throw new IllegalArgumentException("a write must carry at least one record");
        }
        this.writer = writer;
        this.maxRecords = maxRecords;
        this.maxBytes = maxBytes;
    }

    /** Appends {@code record} stored as {@code bytes}; the stage completes once a write carrying it does. */
    public CompletionStage<Void> append(RLogRecord record, byte[] bytes) {
        CompletableFuture<Void> done = new CompletableFuture<>();
        boolean start;
        synchronized (origins) {
            Origin origin = origins.computeIfAbsent(record.origin(), o -> new Origin());
            origin.waiting.add(new Waiting(new Encoded(record, bytes), done));
            start = !origin.writing;
            origin.writing = true;
        }
        if (start) {
            writeNext(record.origin());
        }
        return done;
    }

    private void writeNext(RegionId originId) {
        List<Waiting> batch = new ArrayList<>();
        synchronized (origins) {
            Origin origin = origins.get(originId);
            long bytes = 0;
            while (!origin.waiting.isEmpty() && batch.size() < maxRecords
                    && (batch.isEmpty() || bytes + origin.waiting.peek().entry().bytes().length <= maxBytes)) {
                Waiting next = origin.waiting.poll();
                bytes += next.entry().bytes().length;
                batch.add(next);
            }
            if (batch.isEmpty()) {
                origins.remove(originId);
                return;
            }
        }
        List<Encoded> records = new ArrayList<>(batch.size());
        batch.forEach(w -> records.add(w.entry()));
        CompletionStage<Void> write;
        try {
            write = writer.write(originId, records);
        } catch (RuntimeException e) {
            write = CompletableFuture.failedFuture(e);
        }
        write.whenComplete((ignored, failure) -> {
            for (Waiting w : batch) {
                if (failure == null) {
                    w.done().complete(null);
                } else {
                    w.done().completeExceptionally(failure);
                }
            }
            writeNext(originId);
        });
    }
}
