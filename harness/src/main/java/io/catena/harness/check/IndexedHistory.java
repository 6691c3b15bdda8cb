package io.catena.harness.check;

import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * A history with each transaction numbered 0..n-1 and each key classified, shared by the checkers.
 *
 * <p>Transactions are numbered in order of invocation time, then id, so that every result is
 * independent of the order of lines in the history file. A key is of the kind a header declares for
 * its table; else a <em>list key</em> if any operation appends to it or any read returned a list,
 * else a <em>counter key</em> if any operation adds to it, else a <em>register key</em>.
 */
final class IndexedHistory {

    private final HistoryEvent[] events;
    private final Set<String> keys = new TreeSet<>();
    private final Set<String> listKeys = new HashSet<>();
    private final Set<String> counterKeys = new HashSet<>();

    private IndexedHistory(HistoryEvent[] events, Function<String, KeyKind> declared) {
        this.events = events;
        for (HistoryEvent event : events) {
            for (HistoryOp op : event.ops()) {
                keys.add(op.key());
                if (op.f() == OpFunction.APPEND || op.value() instanceof OpValue.IntList) {
                    listKeys.add(op.key());
                } else if (op.f() == OpFunction.ADD) {
                    counterKeys.add(op.key());
                }
            }
        }
        counterKeys.removeAll(listKeys);
        for (String key : keys) {
            KeyKind kind = declared.apply(key);
            if (kind != null) {
                listKeys.remove(key);
                counterKeys.remove(key);
                if (kind == KeyKind.LIST) {
                    listKeys.add(key);
                } else if (kind == KeyKind.COUNTER) {
                    counterKeys.add(key);
                }
            }
        }
    }

    /**
     * Numbers the transactions of {@code history}.
     *
     * @throws IllegalArgumentException if two transactions have the same id
     */
    static IndexedHistory of(List<HistoryEvent> history) {
        return of(history, key -> null);
    }

    /**
     * Numbers the transactions of {@code history}, classifying each key as {@code declared} says,
     * or by its operations where it says null.
     *
     * @throws IllegalArgumentException if two transactions have the same id
     */
    static IndexedHistory of(List<HistoryEvent> history, Function<String, KeyKind> declared) {
        HistoryEvent[] sorted = history.toArray(new HistoryEvent[0]);
        Arrays.sort(sorted, Comparator.comparingLong(HistoryEvent::invokeMicros)
                .thenComparing(HistoryEvent::id));
        Map<String, HistoryEvent> byId = new HashMap<>(sorted.length * 2);
        for (HistoryEvent event : sorted) {
            HistoryEvent previous = byId.put(event.id(), event);
            if (previous != null) {
                throw new IllegalArgumentException("two transactions have the id \"" + event.id()
                        + "\"; ids must be unique in a history");
            }
        }
        return new IndexedHistory(sorted, declared);
    }

    int size() {
        return events.length;
    }

    HistoryEvent event(int txn) {
        return events[txn];
    }

    String id(int txn) {
        return events[txn].id();
    }

    TxnOutcome outcome(int txn) {
        return events[txn].outcome();
    }

    boolean isListKey(String key) {
        return listKeys.contains(key);
    }

    boolean isCounterKey(String key) {
        return counterKeys.contains(key);
    }

    int listKeyCount() {
        return listKeys.size();
    }

    /** Every key an operation names, in key order. */
    Set<String> keys() {
        return Collections.unmodifiableSet(keys);
    }

    /** The table of {@code key} ({@code table/...}), or null if the key names none. */
    static String tableOf(String key) {
        int slash = key.indexOf('/');
        return slash < 0 ? null : key.substring(0, slash);
    }
}
