package io.catena.harness.check;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Checks the register keys of a history: every non-null value a committed transaction read must
 * be the register's initial value or have been written by someone (else garbage-read), and by a
 * transaction that may have committed, that is, committed or unknown (else G1a). Counts one anomaly
 * per offending read. The registers' dependency edges, for the cycle analysis, come from their
 * read-modify-writes ({@link RegisterDependencies}).
 *
 * <p>The initial values come from a history's header, which names every key that held something
 * before the first transaction. Without one (format 1), a register no transaction of the history
 * writes cannot be judged, since it may have held what was read: its reads are counted as
 * {@code register-reads-unjudged}, not as garbage.
 *
 * <p>Register keys are the keys that are neither list keys nor counter keys nor bank accounts.
 * Stateless apart from its configuration; thread-safe.
 */
public final class RegisterChecker {

    private final Set<String> accountKeys;
    private final Map<String, OpValue> initialValues;

    /** A checker for histories without bank accounts or header. */
    public RegisterChecker() {
        this(Set.of(), null);
    }

    /**
     * A checker that leaves {@code accountKeys} (read as balances, never written) to the bank check.
     *
     * @param initialValues every key that held a value before the first transaction, with that
     *                      value, as a header says; null if not known
     */
    public RegisterChecker(Set<String> accountKeys, Map<String, OpValue> initialValues) {
        this.accountKeys = Set.copyOf(accountKeys);
        this.initialValues = initialValues == null ? null : Map.copyOf(initialValues);
    }

    /** Checks {@code history}, keeping {@link CheckReport#DEFAULT_EXAMPLES_PER_ANOMALY} examples. */
    public CheckReport check(List<HistoryEvent> history) {
        CheckReport.Builder report = CheckReport.builder(CheckReport.DEFAULT_EXAMPLES_PER_ANOMALY);
        IndexedHistory indexed = IndexedHistory.of(history);
        DependencyGraph graph = new DependencyGraph(indexed.size());
        check(indexed, report, graph);
        DependencyCycles.reportWithEdgeCounts(graph, indexed, report);
        return report.build();
    }

    /** Checks the register reads and adds the registers' dependency edges to {@code graph}; cycles are the caller's. */
    void check(IndexedHistory history, CheckReport.Builder report, DependencyGraph graph) {
        Map<String, Map<OpValue, Integer>> writers = writers(history);
        checkReads(history, report, writers);
        new RegisterDependencies(history, key -> isRegister(history, key), writers, graph).addEdges(report);
    }

    private void checkReads(IndexedHistory history, CheckReport.Builder report,
                            Map<String, Map<OpValue, Integer>> writers) {
        long reads = 0;
        long initial = 0;
        long unjudged = 0;
        for (int txn = 0; txn < history.size(); txn++) {
            if (!history.event(txn).committed()) {
                continue;
            }
            for (HistoryOp op : history.event(txn).ops()) {
                if (op.f() != OpFunction.READ || !isRegister(history, op.key()) || op.value() instanceof OpValue.Nil) {
                    continue;
                }
                reads++;
                Map<OpValue, Integer> keyWriters = writers.getOrDefault(op.key(), Map.of());
                if (initialValues == null && keyWriters.isEmpty()) {
                    unjudged++;
                } else if (initialValues != null && op.value().equals(initialValues.get(op.key()))) {
                    initial++;
                } else {
                    checkRead(history, txn, op, keyWriters, report);
                }
            }
        }
        report.info("register-reads", reads);
        report.info("register-reads-initial", initial);
        report.info("register-reads-unjudged", unjudged);
    }

    private boolean isRegister(IndexedHistory history, String key) {
        return !history.isListKey(key) && !history.isCounterKey(key) && !accountKeys.contains(key);
    }

    /** Per register key, each written value's writer, preferring one that may have committed. */
    private Map<String, Map<OpValue, Integer>> writers(IndexedHistory history) {
        Map<String, Map<OpValue, Integer>> writers = new HashMap<>();
        for (int txn = 0; txn < history.size(); txn++) {
            for (HistoryOp op : history.event(txn).ops()) {
                if (op.f() == OpFunction.WRITE && isRegister(history, op.key())) {
                    Map<OpValue, Integer> byValue = writers.computeIfAbsent(op.key(), k -> new HashMap<>());
                    Integer previous = byValue.get(op.value());
                    if (previous == null || history.outcome(previous).neverCommitted()) {
                        byValue.put(op.value(), txn);
                    }
                }
            }
        }
        return writers;
    }

    private static void checkRead(IndexedHistory history, int reader, HistoryOp read, Map<OpValue, Integer> writers,
                                  CheckReport.Builder report) {
        Integer writer = writers.get(read.value());
        if (writer == null) {
            report.report(Anomaly.GARBAGE_READ, () -> read.key() + ": " + history.id(reader) + " read "
                    + read.value() + ", but nobody wrote it");
        } else if (history.outcome(writer).neverCommitted()) {
            report.report(Anomaly.G1A, () -> read.key() + ": " + history.id(reader) + " read " + read.value()
                    + ", written by " + history.id(writer) + ", which was " + history.outcome(writer).wireName());
        }
    }
}
