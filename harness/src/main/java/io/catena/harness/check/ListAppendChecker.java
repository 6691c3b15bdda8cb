package io.catena.harness.check;

import java.util.List;
import java.util.SortedMap;

/**
 * The list-append checker of Elle (Kingsbury and Alvaro, "Elle: Inferring Isolation Anomalies
 * from Experimental Observations"), over the list keys of a history.
 *
 * <p>Per key, the <em>version order</em> is the longest list observed by any committed read or
 * final list. Every observation must be a prefix of it (else incompatible-order); no observation
 * may repeat an element (duplicate-elements), contain a value nobody appended (garbage-read) or a
 * value appended by an aborted, rejected or dropped transaction (G1a); no committed read may end
 * in another transaction's intermediate append (G1b). See {@link ListKeyCheck} for what each
 * count stands for.
 *
 * <p>The dependency graph has committed transactions and unknown ones whose appends were
 * observed (they evidently committed): ww from the appender of each element to the appender of
 * the next, wr from the appender of a read's last element to the reader, rw from a reader to the
 * appender of the element after the last one it read (the first element if it read an empty
 * list). Read-only transactions take part like any other. Cycles are classified as G0, G1c and G2
 * by {@link DependencyCycles}. The {@code version} field of events is never used.
 *
 * <p>A key is a list key if any operation appends to it or any read returned a list. Stateless
 * apart from its configuration; thread-safe.
 */
public final class ListAppendChecker {

    private final FinalLists finalLists;

    /** A checker that infers the version order from committed reads only. */
    public ListAppendChecker() {
        this(FinalLists.NONE);
    }

    /** A checker that also treats each region's final list as an observation of the key. */
    public ListAppendChecker(FinalLists finalLists) {
        this.finalLists = finalLists;
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

    /** Checks the list keys and adds their dependency edges to {@code graph}; cycles are the caller's. */
    void check(IndexedHistory history, CheckReport.Builder report, DependencyGraph graph) {
        SortedMap<String, ListKeyObservations> keys = ListKeyObservations.collect(history, finalLists, report);
        boolean[] observedUnknown = new boolean[history.size()];
        for (ListKeyObservations key : keys.values()) {
            new ListKeyCheck(history, key, report, graph).run(observedUnknown);
        }
        long unknownsObserved = 0;
        for (boolean observed : observedUnknown) {
            unknownsObserved += observed ? 1 : 0;
        }
        report.info("list-keys", keys.size());
        report.info("unknown-observed-committed", unknownsObserved);
    }
}
