package io.catena.harness.check;

import java.util.Collections;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * What one transaction read of a set of counters (a bank's accounts): the first read of each, less
 * the transaction's own adds to it before that read, so that a transfer reading after its own add
 * is judged on the state it started from. An absent balance (a null read) is 0.
 *
 * @param balances   counter key to the balance the transaction started from, for every counter read
 * @param notInteger the first read of one of the counters that returned neither an integer nor
 *                   null, or null if there is none
 */
record BalanceRead(Map<String, Long> balances, HistoryOp notInteger) {

    /** What {@code event} read of {@code counters}. */
    static BalanceRead of(HistoryEvent event, Set<String> counters) {
        Map<String, Long> ownAdds = new HashMap<>();
        Map<String, Long> balances = new TreeMap<>();
        for (HistoryOp op : event.ops()) {
            if (!counters.contains(op.key())) {
                continue;
            }
            if (op.f() == OpFunction.ADD) {
                ownAdds.merge(op.key(), ((OpValue.Int) op.value()).value(), Long::sum);
            } else if (op.f() == OpFunction.READ && !balances.containsKey(op.key())) {
                long own = ownAdds.getOrDefault(op.key(), 0L);
                if (op.value() instanceof OpValue.Int balance) {
                    balances.put(op.key(), balance.value() - own);
                } else if (op.value() instanceof OpValue.Nil) {
                    balances.put(op.key(), -own);
                } else {
                    return new BalanceRead(balances, op);
                }
            }
        }
        return new BalanceRead(Collections.unmodifiableMap(balances), null);
    }

    /** True if every one of {@code counters} was read, each as an integer or null. */
    boolean readAll(Set<String> counters) {
        return notInteger == null && balances.size() == counters.size();
    }

    /** The sum of the balances read. */
    long total() {
        long total = 0;
        for (long balance : balances.values()) {
            total += balance;
        }
        return total;
    }
}
