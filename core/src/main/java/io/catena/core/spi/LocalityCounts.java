package io.catena.core.spi;

/**
 * Store calls that stayed on the storage node an adapter is pinned to ({@code ownNode}: that node
 * answered and holds the data the call names) and calls that involved another node
 * ({@code otherNodes}), counted since the adapter opened. The adapter says exactly what it
 * counts (Cassandra: {@code PinnedCalls}).
 */
public record LocalityCounts(long ownNode, long otherNodes) {

    /** The counts of an adapter not pinned to a node, or before its first call. */
    public static final LocalityCounts NONE = new LocalityCounts(0, 0);

    public LocalityCounts {
        if (ownNode < 0 || otherNodes < 0) {
            throw new IllegalArgumentException("call counts cannot be negative: " + ownNode + ", " + otherNodes);
        }
    }

    public long total() {
        return ownNode + otherNodes;
    }
}
