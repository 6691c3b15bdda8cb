package io.catena.logkit;

import io.catena.kit.StableRecords;
import io.catena.rlog.ReplicatedLog;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;

/**
 * The stable records of transactions that finished and are settled here (an abort taken, a
 * commit applied and durable), waiting to be dropped: a transaction's two rows go once every
 * region is known to have its finished record, and with it the pending one, which the log
 * delivers first. Until then a crash must find them, to ship them again.
 *
 * <p>Owned by one node; every call on its thread.
 */
final class SettledRecords {

    /** A settled transaction's records: its origin and the timestamps of its two records. */
    private record Settled(int origin, long pendingAt, long finishedAt) {
    }

    private final List<PriorityQueue<Settled>> byOrigin = new ArrayList<>();

    void add(int origin, long pendingAt, long finishedAt) {
        while (byOrigin.size() <= origin) {
            byOrigin.add(new PriorityQueue<>(Comparator.comparingLong(Settled::finishedAt)));
        }
        byOrigin.get(origin).add(new Settled(origin, pendingAt, finishedAt));
    }

    /** Drops the rows of settled transactions every region has. */
    void dropKnownByAll(ReplicatedLog<?> log, StableRecords records) {
        for (int origin = 0; origin < byOrigin.size(); origin++) {
            PriorityQueue<Settled> queue = byOrigin.get(origin);
            long everybody = log.knownByAll(origin);
            while (!queue.isEmpty() && queue.peek().finishedAt() <= everybody) {
                Settled s = queue.poll();
                records.drop(RecordCodec.recordRow(s.origin(), s.pendingAt()));
                records.drop(RecordCodec.recordRow(s.origin(), s.finishedAt()));
            }
        }
    }
}
