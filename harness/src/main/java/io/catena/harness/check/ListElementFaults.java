package io.catena.harness.check;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The first position in an observed list of each element-level fault: a repeated element, an
 * element nobody appended (garbage), an element appended by a transaction that never committed.
 * {@link #NONE} means no such position. A prefix of length L has the fault iff its position is
 * below L, so the faults of the version order answer for every read that is a prefix of it.
 *
 * @param firstDuplicate the position of the first element that repeats an earlier one
 * @param firstGarbage the position of the first element that nobody appended
 * @param firstAborted the position of the first element whose appender never committed
 */
record ListElementFaults(int firstDuplicate, int firstGarbage, int firstAborted) {

    /** The position meaning "no such element". */
    static final int NONE = Integer.MAX_VALUE;

    /** Scans {@code elements}, a state of {@code key}. */
    static ListElementFaults scan(List<Long> elements, ListKeyObservations key, IndexedHistory history) {
        int firstDuplicate = NONE;
        int firstGarbage = NONE;
        int firstAborted = NONE;
        Set<Long> seen = new HashSet<>(elements.size() * 2);
        for (int i = 0; i < elements.size(); i++) {
            long element = elements.get(i);
            if (firstDuplicate == NONE && !seen.add(element)) {
                firstDuplicate = i;
            }
            int appender = key.appender(element);
            if (appender < 0) {
                if (firstGarbage == NONE) {
                    firstGarbage = i;
                }
            } else if (firstAborted == NONE && history.outcome(appender).neverCommitted()) {
                firstAborted = i;
            }
        }
        return new ListElementFaults(firstDuplicate, firstGarbage, firstAborted);
    }
}
