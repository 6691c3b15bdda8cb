package io.catena.harness.check;

import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Checks the final lists of each region against the history: lost counts each (region, value)
 * where a committed append's value is missing from that region's final list for the key, and so
 * does an append of unknown outcome that a committed transaction read (it evidently committed);
 * divergent-final counts each key whose final lists differ between regions. A key absent from a
 * region's final state is an empty list there. Whether the final lists are consistent with the
 * reads is the {@link ListAppendChecker}'s business.
 *
 * <p>Stateless apart from its configuration; thread-safe.
 */
public final class FinalStateChecker {

    private final FinalLists finalLists;

    /** A checker of {@code finalLists}. */
    public FinalStateChecker(FinalLists finalLists) {
        this.finalLists = finalLists;
    }

    /** Checks {@code history}, keeping {@link CheckReport#DEFAULT_EXAMPLES_PER_ANOMALY} examples. */
    public CheckReport check(List<HistoryEvent> history) {
        CheckReport.Builder report = CheckReport.builder(CheckReport.DEFAULT_EXAMPLES_PER_ANOMALY);
        check(IndexedHistory.of(history), report);
        return report.build();
    }

    void check(IndexedHistory history, CheckReport.Builder report) {
        if (finalLists.isEmpty()) {
            return;
        }
        checkLost(history, report);
        checkDivergence(report);
    }

    private void checkLost(IndexedHistory history, CheckReport.Builder report) {
        Map<String, Map<String, Set<Long>>> finalSets = new HashMap<>();
        for (String region : finalLists.regions()) {
            Map<String, Set<Long>> sets = new HashMap<>();
            finalLists.byRegion().get(region).forEach((key, list) -> sets.put(key, new HashSet<>(list)));
            finalSets.put(region, sets);
        }
        long committedAppends = 0;
        for (int txn = 0; txn < history.size(); txn++) {
            if (!history.event(txn).committed()) {
                continue;
            }
            for (HistoryOp op : history.event(txn).ops()) {
                if (op.f() == OpFunction.APPEND) {
                    committedAppends++;
                    checkAppend(history, txn, op, finalSets, report);
                }
            }
        }
        report.info("committed-appends", committedAppends);
        for (UnknownAppend u : observedUnknownAppends(history)) {
            checkAppend(history, u.txn(), u.append(), finalSets, report);
        }
    }

    private record UnknownAppend(int txn, HistoryOp append) {
    }

    /** Appends of unknown outcome whose element some committed transaction read, once each. */
    private static Set<UnknownAppend> observedUnknownAppends(IndexedHistory history) {
        Map<String, Map<Long, UnknownAppend>> unknown = new HashMap<>();
        for (int txn = 0; txn < history.size(); txn++) {
            if (history.outcome(txn) != TxnOutcome.UNKNOWN) {
                continue;
            }
            for (HistoryOp op : history.event(txn).ops()) {
                if (op.f() == OpFunction.APPEND) {
                    unknown.computeIfAbsent(op.key(), k -> new HashMap<>())
                            .put(((OpValue.Int) op.value()).value(), new UnknownAppend(txn, op));
                }
            }
        }
        Set<UnknownAppend> observed = new LinkedHashSet<>();
        for (int txn = 0; txn < history.size() && !unknown.isEmpty(); txn++) {
            if (!history.event(txn).committed()) {
                continue;
            }
            for (HistoryOp op : history.event(txn).ops()) {
                Map<Long, UnknownAppend> byValue = unknown.get(op.key());
                if (op.f() == OpFunction.READ && byValue != null && op.value() instanceof OpValue.IntList list) {
                    list.values().stream().map(byValue::get).filter(Objects::nonNull).forEach(observed::add);
                }
            }
        }
        return observed;
    }

    private void checkAppend(IndexedHistory history, int txn, HistoryOp append,
                             Map<String, Map<String, Set<Long>>> finalSets, CheckReport.Builder report) {
        long value = ((OpValue.Int) append.value()).value();
        for (String region : finalLists.regions()) {
            if (!finalSets.get(region).getOrDefault(append.key(), Set.of()).contains(value)) {
                report.report(Anomaly.LOST, () -> append.key() + ": " + history.id(txn) + " appended " + value
                        + " and " + (history.event(txn).committed() ? "committed" : "was read by a committed transaction")
                        + ", but the final list of region " + region + " lacks it: "
                        + ListObservation.abbreviate(finalLists.list(region, append.key())));
            }
        }
    }

    private void checkDivergence(CheckReport.Builder report) {
        String firstRegion = finalLists.regions().iterator().next();
        for (String key : finalLists.keys()) {
            List<Long> first = finalLists.list(firstRegion, key);
            for (String region : finalLists.regions()) {
                List<Long> other = finalLists.list(region, key);
                if (!other.equals(first)) {
                    report.report(Anomaly.DIVERGENT_FINAL, () -> key + ": the final list of region " + firstRegion
                            + " is " + ListObservation.abbreviate(first) + " but that of region " + region + " is "
                            + ListObservation.abbreviate(other));
                    break;
                }
            }
        }
    }
}
