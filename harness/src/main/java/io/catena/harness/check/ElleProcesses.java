package io.catena.harness.check;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The Elle process of each transaction of a history: its session, as long as that session runs one
 * transaction at a time. Elle requires a process to complete one operation before it invokes the
 * next and never to invoke again after an {@code info} (in Jepsen's terms, a process whose outcome
 * is unknown has crashed). So a session's transaction that begins while an earlier one of the
 * session is open, or after one whose outcome is unknown, gets a new process number above every
 * session's, and so does each transaction without a session (format 1).
 */
final class ElleProcesses {

    /** One process of a session: open until {@code busyUntilMicros} (forever if unknown). */
    private static final class Process {
        final long number;
        long lastInvokeMicros;
        long busyUntilMicros;

        Process(long number) {
            this.number = number;
        }

        /** Free for a transaction invoked at {@code invokeMicros}: its last one completed before. */
        boolean freeAt(long invokeMicros) {
            return busyUntilMicros < invokeMicros
                    || busyUntilMicros == invokeMicros && lastInvokeMicros < invokeMicros;
        }
    }

    private ElleProcesses() {
    }

    /** The process of each transaction of {@code byInvocation}, ordered by invocation time. */
    static long[] assign(List<HistoryEvent> byInvocation) {
        long next = 0;
        for (HistoryEvent event : byInvocation) {
            if (event.session() != null) {
                next = Math.max(next, event.session() + 1);
            }
        }
        Map<Long, List<Process>> bySession = new HashMap<>();
        long[] processes = new long[byInvocation.size()];
        for (int txn = 0; txn < byInvocation.size(); txn++) {
            HistoryEvent event = byInvocation.get(txn);
            if (event.session() == null) {
                processes[txn] = next++;
                continue;
            }
            List<Process> own = bySession.computeIfAbsent(event.session(), s -> new ArrayList<>());
            Process process = own.isEmpty() ? new Process(event.session()) : null;
            for (int i = 0; i < own.size() && process == null; i++) {
                process = own.get(i).freeAt(event.invokeMicros()) ? own.get(i) : null;
            }
            if (process == null) {
                process = new Process(next++);
            }
            if (!own.contains(process)) {
                own.add(process);
            }
            process.lastInvokeMicros = event.invokeMicros();
            process.busyUntilMicros = event.completeMicros() == null ? Long.MAX_VALUE
                    : Math.max(event.completeMicros(), event.invokeMicros());
            processes[txn] = process.number;
        }
        return processes;
    }
}
