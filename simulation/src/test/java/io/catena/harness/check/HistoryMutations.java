package io.catena.harness.check;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The edits the mutants make of a recorded history, and the views of it they scan for a place to
 * make them. Nothing here changes what it is given: every edit returns a copy, so that one
 * recorded run serves every mutant.
 */
final class HistoryMutations {

    private HistoryMutations() {
    }

    /** A read of one transaction: the transaction and the read's position among its operations. */
    record ReadSite(HistoryEvent txn, int op) {

        HistoryOp read() {
            return txn.ops().get(op);
        }

        String key() {
            return read().key();
        }

        /** The elements of a list read; an absent list is empty. */
        List<Long> elements() {
            return read().value() instanceof OpValue.IntList list ? list.values() : List.of();
        }

        /** True if no operation of the transaction touched the key before this read. */
        boolean firstOnKey() {
            return firstOp(txn, key()) == op;
        }

        /** The transaction with this read returning {@code value} instead. */
        HistoryEvent readingAs(OpValue value) {
            return withOpAt(txn, op, HistoryOp.read(key(), value));
        }
    }

    /** An append of a committed transaction: the transaction and the append's position among its operations. */
    record AppendSite(HistoryEvent txn, int op) {

        String key() {
            return txn.ops().get(op).key();
        }

        long element() {
            return HistoryMutations.element(txn.ops().get(op));
        }
    }

    /** {@code history} with each of {@code edited} in place of the transaction of the same id. */
    static List<HistoryEvent> replace(List<HistoryEvent> history, HistoryEvent... edited) {
        Map<String, HistoryEvent> byId = new HashMap<>();
        for (HistoryEvent event : edited) {
            byId.put(event.id(), event);
        }
        List<HistoryEvent> out = new ArrayList<>(history.size());
        for (HistoryEvent event : history) {
            out.add(byId.getOrDefault(event.id(), event));
        }
        return out;
    }

    /** {@code txn} with another outcome; the reads of one that did not commit are unobserved (null). */
    static HistoryEvent withOutcome(HistoryEvent txn, TxnOutcome outcome) {
        List<HistoryOp> ops = new ArrayList<>();
        for (HistoryOp op : txn.ops()) {
            boolean unobserved = op.f() == OpFunction.READ && outcome != TxnOutcome.COMMITTED;
            ops.add(unobserved ? HistoryOp.read(op.key(), OpValue.NIL) : op);
        }
        return new HistoryEvent(txn.id(), txn.session(), txn.region(), txn.type(), txn.invokeMicros(),
                txn.completeMicros(), outcome, txn.version(), ops);
    }

    /** {@code txn} with {@code ops} instead of its own. */
    static HistoryEvent withOps(HistoryEvent txn, List<HistoryOp> ops) {
        return new HistoryEvent(txn.id(), txn.session(), txn.region(), txn.type(), txn.invokeMicros(),
                txn.completeMicros(), txn.outcome(), txn.version(), ops);
    }

    /** {@code txn} with its operation at {@code index} replaced by {@code op}. */
    static HistoryEvent withOpAt(HistoryEvent txn, int index, HistoryOp op) {
        List<HistoryOp> ops = new ArrayList<>(txn.ops());
        ops.set(index, op);
        return withOps(txn, ops);
    }

    /** {@code txn} with {@code inserted} placed before its operation at {@code index}. */
    static HistoryEvent withOpsAt(HistoryEvent txn, int index, HistoryOp... inserted) {
        List<HistoryOp> ops = new ArrayList<>(txn.ops());
        ops.addAll(index, List.of(inserted));
        return withOps(txn, ops);
    }

    /** {@code txn} with {@code added} after its last operation. */
    static HistoryEvent withOpsAtEnd(HistoryEvent txn, HistoryOp... added) {
        return withOpsAt(txn, txn.ops().size(), added);
    }

    /** The position of the first operation of {@code txn} on {@code key}, or -1. */
    static int firstOp(HistoryEvent txn, String key) {
        for (int i = 0; i < txn.ops().size(); i++) {
            if (txn.ops().get(i).key().equals(key)) {
                return i;
            }
        }
        return -1;
    }

    /** True if an operation of {@code txn} names {@code key}. */
    static boolean touches(HistoryEvent txn, String key) {
        return firstOp(txn, key) >= 0;
    }

    /** Every read of a committed transaction of a key of {@code kind}, in line and program order. */
    static List<ReadSite> committedReads(RecordedRun run, KeyKind kind) {
        List<ReadSite> reads = new ArrayList<>();
        for (HistoryEvent txn : run.history()) {
            for (int i = 0; txn.committed() && i < txn.ops().size(); i++) {
                HistoryOp op = txn.ops().get(i);
                if (op.f() == OpFunction.READ && run.header().kindOf(op.key()) == kind) {
                    reads.add(new ReadSite(txn, i));
                }
            }
        }
        return reads;
    }

    /** Every append of a committed transaction, in line and program order. */
    static List<AppendSite> committedAppends(List<HistoryEvent> history) {
        List<AppendSite> appends = new ArrayList<>();
        for (HistoryEvent txn : history) {
            for (int i = 0; txn.committed() && i < txn.ops().size(); i++) {
                if (txn.ops().get(i).f() == OpFunction.APPEND) {
                    appends.add(new AppendSite(txn, i));
                }
            }
        }
        return appends;
    }

    /**
     * Per list key, its version order as a file shows it: the longest committed read. The final
     * lists extend it, so a prefix of it is a prefix of every region's final list.
     */
    static Map<String, List<Long>> versionOrders(RecordedRun run) {
        Map<String, List<Long>> orders = new TreeMap<>();
        for (ReadSite read : committedReads(run, KeyKind.LIST)) {
            List<Long> longest = orders.getOrDefault(read.key(), List.of());
            if (read.elements().size() > longest.size()) {
                orders.put(read.key(), read.elements());
            }
        }
        return orders;
    }

    /** Per list key, the transaction that appended each value. */
    static Map<String, Map<Long, HistoryEvent>> appenders(List<HistoryEvent> history) {
        Map<String, Map<Long, HistoryEvent>> appenders = new HashMap<>();
        for (HistoryEvent txn : history) {
            for (HistoryOp op : txn.ops()) {
                if (op.f() == OpFunction.APPEND) {
                    appenders.computeIfAbsent(op.key(), k -> new HashMap<>()).put(element(op), txn);
                }
            }
        }
        return appenders;
    }

    /** The value of an append or of an integer write. */
    static long element(HistoryOp op) {
        return ((OpValue.Int) op.value()).value();
    }

    /** A value larger than every value the history appends: nobody appended it, to any key. */
    static long freshElement(List<HistoryEvent> history) {
        long max = 0;
        for (HistoryEvent txn : history) {
            for (HistoryOp op : txn.ops()) {
                if (op.f() == OpFunction.APPEND) {
                    max = Math.max(max, element(op));
                }
            }
        }
        return max + 1;
    }

    /** A key of the same table as {@code like} that no workload names, e.g. {@code lists/mutant-g0}. */
    static String freshKey(String like, String name) {
        return IndexedHistory.tableOf(like) + "/mutant-" + name;
    }

    /** {@code finals} with the final list of {@code key} in {@code region} replaced by {@code list}. */
    static FinalLists withFinalList(FinalLists finals, String region, String key, List<Long> list) {
        Map<String, Map<String, List<Long>>> byRegion = new LinkedHashMap<>();
        finals.byRegion().forEach((name, lists) -> byRegion.put(name, new TreeMap<>(lists)));
        byRegion.computeIfAbsent(region, name -> new TreeMap<>()).put(key, list);
        return new FinalLists(byRegion);
    }

    /** {@code list} with {@code element} inserted right after {@code after}, or unchanged without it. */
    static List<Long> insertedAfter(List<Long> list, long after, long element) {
        List<Long> out = new ArrayList<>(list);
        int at = out.indexOf(after);
        if (at >= 0) {
            out.add(at + 1, element);
        }
        return out;
    }
}
