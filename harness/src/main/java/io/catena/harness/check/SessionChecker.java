package io.catena.harness.check;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Set;
import java.util.TreeMap;

/**
 * Checks what each client session must see of itself, on list keys: a committed read includes
 * every element its session had appended to the list in transactions committed before it began
 * (read-your-writes), and is at least the list any earlier read of the session saw, element for
 * element (monotonic reads). Catena's client library and the simulator's clients ask each
 * read-only transaction for a snapshot no older than the newest version they were answered with;
 * read-write transactions are ordered after everything committed before they arrive.
 *
 * <p>Session order is real-time order within the session: a transaction is after another if it
 * began after the other's answer came (a session that runs several at once orders only those).
 * Times of one session come from one clock, so this holds whether or not clocks of different
 * clients are comparable. Transactions of unknown outcome are not known to be before anything.
 * A history that names no sessions (format 1) is not checked here.
 *
 * <p>Stateless; thread-safe.
 */
final class SessionChecker {

    void check(IndexedHistory history, CheckReport.Builder report) {
        Map<Long, List<Integer>> sessions = new TreeMap<>();
        for (int txn = 0; txn < history.size(); txn++) {
            Long session = history.event(txn).session();
            if (session != null) {
                sessions.computeIfAbsent(session, s -> new ArrayList<>()).add(txn);
            }
        }
        long reads = 0;
        for (List<Integer> txns : sessions.values()) {
            reads += new Session(history, report).check(txns);
        }
        report.info("sessions", sessions.size());
        report.info("session-list-reads", reads);
    }

    /** What one session has made and seen so far, in its own order. */
    private static final class Session {
        private final IndexedHistory history;
        private final CheckReport.Builder report;
        /** Per list key, the elements the session's committed transactions appended. */
        private final Map<String, Set<Long>> appended = new HashMap<>();
        /** Per list key, the longest list the session's committed transactions read. */
        private final Map<String, List<Long>> longestRead = new HashMap<>();
        /** Transactions invoked, by completion time, not yet known to be before the next one. */
        private final PriorityQueue<Integer> completing;

        Session(IndexedHistory history, CheckReport.Builder report) {
            this.history = history;
            this.report = report;
            this.completing = new PriorityQueue<>((a, b) -> Long.compare(
                    history.event(a).completeMicros(), history.event(b).completeMicros()));
        }

        /** Checks the session's transactions, in invocation order; returns the list reads checked. */
        long check(List<Integer> txns) {
            long reads = 0;
            for (int txn : txns) {
                HistoryEvent event = history.event(txn);
                while (!completing.isEmpty()
                        && history.event(completing.peek()).completeMicros() < event.invokeMicros()) {
                    learn(completing.poll());
                }
                if (event.committed()) {
                    reads += checkReads(txn);
                }
                if (event.committed() && event.completeMicros() != null) {
                    completing.add(txn);
                }
            }
            return reads;
        }

        private long checkReads(int txn) {
            long reads = 0;
            Set<String> seen = new HashSet<>();
            for (HistoryOp op : history.event(txn).ops()) {
                if (op.f() == OpFunction.APPEND) {
                    seen.add(op.key());
                }
                if (op.f() != OpFunction.READ || !history.isListKey(op.key()) || !seen.add(op.key())) {
                    continue;
                }
                reads++;
                List<Long> read = elements(op.value());
                for (long own : appended.getOrDefault(op.key(), Set.of())) {
                    if (!read.contains(own)) {
                        report.report(Anomaly.READ_YOUR_WRITES, () -> op.key() + ": "
                                + ListObservation.read(txn, read).describe(history) + ", without " + own
                                + ", which its session appended before");
                        break;
                    }
                }
                List<Long> earlier = longestRead.getOrDefault(op.key(), List.of());
                if (read.size() < earlier.size() || !read.subList(0, earlier.size()).equals(earlier)) {
                    report.report(Anomaly.MONOTONIC_READS, () -> op.key() + ": "
                            + ListObservation.read(txn, read).describe(history) + ", not all of the "
                            + ListObservation.abbreviate(earlier) + " its session read before");
                }
            }
            return reads;
        }

        /** Takes in a committed transaction of the session that ended before the next began. */
        private void learn(int txn) {
            for (HistoryOp op : history.event(txn).ops()) {
                if (!history.isListKey(op.key())) {
                    continue;
                }
                if (op.f() == OpFunction.APPEND) {
                    appended.computeIfAbsent(op.key(), k -> new LinkedHashSet<>())
                            .add(((OpValue.Int) op.value()).value());
                } else if (op.f() == OpFunction.READ) {
                    List<Long> read = elements(op.value());
                    if (read.size() > longestRead.getOrDefault(op.key(), List.of()).size()) {
                        longestRead.put(op.key(), read);
                    }
                }
            }
        }

        private static List<Long> elements(OpValue value) {
            return value instanceof OpValue.IntList list ? list.values() : List.of();
        }
    }
}
