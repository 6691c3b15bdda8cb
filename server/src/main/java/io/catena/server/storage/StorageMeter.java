package io.catena.server.storage;

import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/**
 * Counts the storage calls of a run and how long they took, by kind: where a benchmark on a real
 * store spends its storage round trips. Shared by every region's {@link ObservedStorageEngine};
 * thread-safe.
 */
public final class StorageMeter implements StorageObserver {

    private final Map<StorageOp, LongAdder> calls = new EnumMap<>(StorageOp.class);
    private final Map<StorageOp, LongAdder> nanos = new EnumMap<>(StorageOp.class);

    public StorageMeter() {
        for (StorageOp op : StorageOp.values()) {
            calls.put(op, new LongAdder());
            nanos.put(op, new LongAdder());
        }
    }

    @Override
    public void completed(StorageOp op, long elapsedNanos, Throwable failure) {
        calls.get(op).increment();
        nanos.get(op).add(elapsedNanos);
    }

    /** The counts so far; subtract an earlier snapshot to count a span. */
    public Snapshot snapshot() {
        Map<StorageOp, long[]> taken = new EnumMap<>(StorageOp.class);
        for (StorageOp op : StorageOp.values()) {
            taken.put(op, new long[] {calls.get(op).sum(), nanos.get(op).sum()});
        }
        return new Snapshot(taken);
    }

    /** Calls and total time per kind at one moment. */
    public static final class Snapshot {

        private final Map<StorageOp, long[]> counts;

        private Snapshot(Map<StorageOp, long[]> counts) {
            this.counts = counts;
        }

        /** Calls of {@code op} so far. */
        public long calls(StorageOp op) {
            return counts.get(op)[0];
        }

        /** Time calls of {@code op} took until they completed, summed. */
        public long nanos(StorageOp op) {
            return counts.get(op)[1];
        }

        /** What happened between {@code earlier} and this snapshot. */
        public Snapshot since(Snapshot earlier) {
            Map<StorageOp, long[]> diff = new EnumMap<>(StorageOp.class);
            for (StorageOp op : StorageOp.values()) {
                diff.put(op, new long[] {calls(op) - earlier.calls(op), nanos(op) - earlier.nanos(op)});
            }
            return new Snapshot(diff);
        }

        /** Calls of every kind. */
        public long totalCalls() {
            long sum = 0;
            for (long[] c : counts.values()) {
                sum += c[0];
            }
            return sum;
        }
    }
}
