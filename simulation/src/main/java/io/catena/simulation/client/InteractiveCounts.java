package io.catena.simulation.client;

/**
 * What became of clients' interactive transactions: how many committed, and how many aborted for a
 * conflict because a row they read changed between their snapshot and their place in the order.
 * A slice of interactive transactions has exercised its checks only if both happened.
 */
public record InteractiveCounts(long committed, long conflicts) {

    public static final InteractiveCounts NONE = new InteractiveCounts(0, 0);

    public InteractiveCounts plus(InteractiveCounts o) {
        return new InteractiveCounts(committed + o.committed, conflicts + o.conflicts);
    }

    public String line() {
        return "interactive committed=" + committed + " conflicts=" + conflicts;
    }
}
