package io.catena.harness.check;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Everything the history says about one list key: who appended each value, which appended values
 * their writer followed with another append to the same key (intermediate values), and every
 * observed state (committed reads and final lists).
 */
final class ListKeyObservations {

    private final String key;
    private final Map<Long, Integer> appenders = new HashMap<>();
    private final Set<Long> intermediates = new HashSet<>();
    private final List<ListObservation> observations = new ArrayList<>();

    private ListKeyObservations(String key) {
        this.key = key;
    }

    /**
     * Collects the observations of every list key, sorted by key. A committed read of a list key
     * that returned a scalar is reported as a garbage read and not collected.
     *
     * @throws IllegalArgumentException if a value is appended twice to the same key
     */
    static SortedMap<String, ListKeyObservations> collect(IndexedHistory history, FinalLists finals,
                                                          CheckReport.Builder report) {
        SortedMap<String, ListKeyObservations> keys = new TreeMap<>();
        for (String region : finals.regions()) {
            finals.byRegion().get(region).forEach((key, list) ->
                    keys.computeIfAbsent(key, ListKeyObservations::new)
                            .observations.add(ListObservation.finalList(region, list)));
        }
        for (int txn = 0; txn < history.size(); txn++) {
            collectTxn(history, txn, keys, report);
        }
        return keys;
    }

    private static void collectTxn(IndexedHistory history, int txn, Map<String, ListKeyObservations> keys,
                                   CheckReport.Builder report) {
        HistoryEvent event = history.event(txn);
        Map<String, Long> lastAppend = null;
        for (HistoryOp op : event.ops()) {
            if (!history.isListKey(op.key())) {
                continue;
            }
            ListKeyObservations observations = keys.computeIfAbsent(op.key(), ListKeyObservations::new);
            if (op.f() == OpFunction.APPEND) {
                long value = ((OpValue.Int) op.value()).value();
                observations.addAppend(history, txn, value);
                if (lastAppend == null) {
                    lastAppend = new HashMap<>();
                }
                Long previous = lastAppend.put(op.key(), value);
                if (previous != null) {
                    observations.intermediates.add(previous);
                }
            } else if (op.f() == OpFunction.READ && event.committed()) {
                observations.addRead(history, txn, op.value(), report);
            }
        }
    }

    private void addAppend(IndexedHistory history, int txn, long value) {
        Integer previous = appenders.putIfAbsent(value, txn);
        if (previous != null) {
            throw new IllegalArgumentException("value " + value + " is appended to " + key + " by both "
                    + history.id(previous) + " and " + history.id(txn)
                    + "; appended values must be unique per key");
        }
    }

    private void addRead(IndexedHistory history, int txn, OpValue value, CheckReport.Builder report) {
        if (value instanceof OpValue.IntList list) {
            observations.add(ListObservation.read(txn, list.values()));
        } else if (value instanceof OpValue.Nil) {
            observations.add(ListObservation.read(txn, List.of()));
        } else {
            report.report(Anomaly.GARBAGE_READ,
                    () -> history.id(txn) + " read list key " + key + " as " + value + ", which is not a list");
        }
    }

    String key() {
        return key;
    }

    /** The transaction that appended {@code value}, or -1 if nobody did. */
    int appender(long value) {
        Integer txn = appenders.get(value);
        return txn == null ? -1 : txn;
    }

    /** True if the appender of {@code value} appended to this key again later in the transaction. */
    boolean isIntermediate(long value) {
        return intermediates.contains(value);
    }

    /** The final lists (by region) first, then committed reads in transaction order. */
    List<ListObservation> observations() {
        return observations;
    }
}
