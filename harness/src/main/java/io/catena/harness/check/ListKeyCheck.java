package io.catena.harness.check;

import java.util.List;

/**
 * Checks one list key: picks its version order (the longest observed state), checks every
 * observation against it, and adds the key's ww, wr and rw edges to the dependency graph.
 *
 * <p>Counts, for this key: incompatible-order once if any observation is not a prefix of the
 * version order; duplicate-elements, garbage-read and G1a once per observation that shows them;
 * G1b once per committed read whose last element is another transaction's intermediate append.
 * Edges come only from reads that are prefixes of the version order, and only up to its first
 * repeated element, between transactions that may have committed (committed or unknown).
 */
final class ListKeyCheck {

    private final IndexedHistory history;
    private final ListKeyObservations key;
    private final CheckReport.Builder report;
    private final DependencyGraph graph;
    private final ListObservation versionSource;
    private final List<Long> versionOrder;

    ListKeyCheck(IndexedHistory history, ListKeyObservations key, CheckReport.Builder report,
                 DependencyGraph graph) {
        this.history = history;
        this.key = key;
        this.report = report;
        this.graph = graph;
        ListObservation longest = null;
        for (ListObservation observation : key.observations()) {
            if (longest == null || observation.length() > longest.length()) {
                longest = observation;
            }
        }
        this.versionSource = longest;
        this.versionOrder = longest == null ? List.of() : longest.elements();
    }

    /** Checks the key; marks in {@code observedUnknown} the unknown transactions whose appends were seen. */
    void run(boolean[] observedUnknown) {
        ListElementFaults orderFaults = ListElementFaults.scan(versionOrder, key, history);
        int edgeLength = Math.min(versionOrder.size(), orderFaults.firstDuplicate());
        boolean incompatible = false;
        for (ListObservation observation : key.observations()) {
            boolean prefix = isPrefixOfVersionOrder(observation.elements());
            if (!prefix && !incompatible) {
                incompatible = true;
                report.report(Anomaly.INCOMPATIBLE_ORDER, () -> key.key() + ": " + observation.describe(history)
                        + " but " + versionSource.describe(history) + "; no one order of appends explains both");
            }
            reportFaults(observation, prefix ? orderFaults
                    : ListElementFaults.scan(observation.elements(), key, history));
            if (!observation.isFinal()) {
                checkIntermediateRead(observation);
                if (prefix && observation.length() <= edgeLength) {
                    addReadEdges(observation, edgeLength);
                }
            }
        }
        addWriteEdges(edgeLength);
        markObservedUnknowns(observedUnknown);
    }

    private boolean isPrefixOfVersionOrder(List<Long> elements) {
        if (elements == versionOrder) {
            return true;
        }
        if (elements.size() > versionOrder.size()) {
            return false;
        }
        for (int i = 0; i < elements.size(); i++) {
            if (elements.get(i).longValue() != versionOrder.get(i).longValue()) {
                return false;
            }
        }
        return true;
    }

    private void reportFaults(ListObservation observation, ListElementFaults faults) {
        List<Long> elements = observation.elements();
        if (faults.firstDuplicate() < elements.size()) {
            long element = elements.get(faults.firstDuplicate());
            report.report(Anomaly.DUPLICATE_ELEMENTS, () -> key.key() + ": " + observation.describe(history)
                    + ", in which " + element + " appears more than once");
        }
        if (faults.firstGarbage() < elements.size()) {
            long element = elements.get(faults.firstGarbage());
            report.report(Anomaly.GARBAGE_READ, () -> key.key() + ": " + observation.describe(history)
                    + ", but nobody appended " + element);
        }
        if (faults.firstAborted() < elements.size()) {
            long element = elements.get(faults.firstAborted());
            int appender = key.appender(element);
            report.report(Anomaly.G1A, () -> key.key() + ": " + observation.describe(history) + ", but "
                    + element + " was appended by " + history.id(appender) + ", which was "
                    + history.outcome(appender).wireName());
        }
    }

    private void checkIntermediateRead(ListObservation read) {
        if (read.length() == 0) {
            return;
        }
        long last = read.elements().get(read.length() - 1);
        int appender = key.appender(last);
        if (appender >= 0 && appender != read.txn() && key.isIntermediate(last)
                && !history.outcome(appender).neverCommitted()) {
            report.report(Anomaly.G1B, () -> key.key() + ": " + read.describe(history) + ", ending in " + last
                    + ", an intermediate append of " + history.id(appender) + ", which appended to "
                    + key.key() + " again after it");
        }
    }

    /** wr from the appender of the last element read; rw to the appender of the next element. */
    private void addReadEdges(ListObservation read, int edgeLength) {
        int length = read.length();
        if (length > 0) {
            int writer = mayHaveCommittedAppender(read.elements().get(length - 1));
            if (writer >= 0) {
                graph.add(writer, read.txn(), DependencyType.WR, key.key());
            }
        }
        if (length < edgeLength) {
            int overwriter = mayHaveCommittedAppender(versionOrder.get(length));
            if (overwriter >= 0) {
                graph.add(read.txn(), overwriter, DependencyType.RW, key.key());
            }
        }
    }

    /** ww from the appender of each element to the appender of the next. */
    private void addWriteEdges(int edgeLength) {
        for (int i = 0; i + 1 < edgeLength; i++) {
            int writer = mayHaveCommittedAppender(versionOrder.get(i));
            int nextWriter = mayHaveCommittedAppender(versionOrder.get(i + 1));
            if (writer >= 0 && nextWriter >= 0) {
                graph.add(writer, nextWriter, DependencyType.WW, key.key());
            }
        }
    }

    /** The appender of {@code element} if it committed or may have; else -1. */
    private int mayHaveCommittedAppender(long element) {
        int appender = key.appender(element);
        return appender >= 0 && !history.outcome(appender).neverCommitted() ? appender : -1;
    }

    private void markObservedUnknowns(boolean[] observedUnknown) {
        for (long element : versionOrder) {
            int appender = key.appender(element);
            if (appender >= 0 && history.outcome(appender) == TxnOutcome.UNKNOWN) {
                observedUnknown[appender] = true;
            }
        }
    }
}
