package io.catena.core.spi;

/**
 * Store calls served by the storage node an adapter is pinned to ({@code ownNode}) and by any
 * other node ({@code otherNodes}), counted since the adapter opened: a call counts where its
 * answer (or final failure) came from.
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
