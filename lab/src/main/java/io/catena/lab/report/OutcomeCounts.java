package io.catena.lab.report;

import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * How the transactions of one region (or of a whole run) ended.
 *
 * @param committed        transactions that committed
 * @param abortedByReason  transactions their own logic aborted, counted by the kind of reason the
 *                         coordinator gave ({@link AbortKind}: e.g. {@code "insufficient funds"},
 *                         {@code "balance >= N failed"}); sorted by reason
 * @param rejected         transactions that were invalid and never ran
 * @param dropped          transactions that never ran because their batch was abandoned
 * @param unknown          transactions whose client gave up waiting: they may or may not have committed
 */
public record OutcomeCounts(long committed, Map<String, Long> abortedByReason, long rejected, long dropped,
                            long unknown) {

    /** No transactions at all. */
    public static final OutcomeCounts NONE = new OutcomeCounts(0, Map.of(), 0, 0, 0);

    public OutcomeCounts {
        requireCount("committed", committed);
        requireCount("rejected", rejected);
        requireCount("dropped", dropped);
        requireCount("unknown", unknown);
        TreeMap<String, Long> reasons = new TreeMap<>();
        abortedByReason.forEach((reason, count) -> {
            if (reason == null || count == null) {
                throw new IllegalArgumentException("abort reasons and their counts are never null");
            }
            requireCount("aborted '" + reason + "'", count);
            if (count > 0) {
                reasons.put(reason, count);
            }
        });
        abortedByReason = Collections.unmodifiableSortedMap(reasons);
    }

    /** Transactions aborted, whatever the reason. */
    public long aborted() {
        return abortedByReason.values().stream().mapToLong(Long::longValue).sum();
    }

    /** Every transaction that ended, however it ended. */
    public long total() {
        return committed + aborted() + rejected + dropped + unknown;
    }

    /** The share of all ended transactions that aborted; 0 when none ended. */
    public double abortRate() {
        long total = total();
        return total == 0 ? 0 : (double) aborted() / total;
    }

    /** The abort reasons, most frequent first, ties by reason. */
    public List<Map.Entry<String, Long>> reasonsByFrequency() {
        return abortedByReason.entrySet().stream()
                .sorted(Map.Entry.<String, Long>comparingByValue(Comparator.reverseOrder())
                        .thenComparing(Map.Entry.comparingByKey()))
                .toList();
    }

    /** These counts and {@code other}'s added up, reason by reason. */
    public OutcomeCounts plus(OutcomeCounts other) {
        TreeMap<String, Long> reasons = new TreeMap<>(abortedByReason);
        other.abortedByReason.forEach((reason, count) -> reasons.merge(reason, count, Long::sum));
        return new OutcomeCounts(committed + other.committed, reasons, rejected + other.rejected,
                dropped + other.dropped, unknown + other.unknown);
    }

    private static void requireCount(String what, long count) {
        if (count < 0) {
            throw new IllegalArgumentException(what + " count is negative: " + count);
        }
    }
}
