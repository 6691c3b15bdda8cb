package io.catena.chainserver;

/** Counters a chain server keeps for figures and metrics. Written only on the chain server's thread. */
public final class ChainServerStats {
    long speculativeHops;
    long decidedHops;
    long validSpeculativeHops;
    long caughtUpHops;
    long unspeculatedHops;
    long resolverQueries;
    long keyOrderReports;
    long snapshotReads;
    long storageRetries;
    long historyMisses;
    long keysHandedOver;
    long keysEvicted;
    long partitionLoads;
    long bytesCached;
    long peakBytesCached;

    /** Keys evicted to keep within the memory budget (loaded again when next touched). */
    public long keysEvicted() {
        return keysEvicted;
    }

    /** Partitions loaded from storage: each key's first load, every load after an eviction or a handoff. */
    public long partitionLoads() {
        return partitionLoads;
    }

    /** The estimated heap of the keys in memory now, which the memory budget bounds. */
    public long bytesCached() {
        return bytesCached;
    }

    /**
     * The most {@link #bytesCached} was at the end of any step, once idle keys over the budget were
     * evicted: the budget, unless keys with work pending held more.
     */
    public long peakBytesCached() {
        return peakBytesCached;
    }

    /** Keys that came to this server with an ownership change and were loaded afresh once it was handed off. */
    public long keysHandedOver() {
        return keysHandedOver;
    }

    /** Backward-pass hops run speculatively. */
    public long speculativeHops() {
        return speculativeHops;
    }

    /** Hops of decided executions (commit passes). */
    public long decidedHops() {
        return decidedHops;
    }

    /** Decided hops that reused their speculative result because its inputs matched. */
    public long validSpeculativeHops() {
        return validSpeculativeHops;
    }

    /** Decided hops with no speculative run to reuse (non-conflicting transactions, or lost to a crash). */
    public long unspeculatedHops() {
        return unspeculatedHops;
    }

    /** Decided hops that had to run again because their speculative inputs differed from the decided ones. */
    public long caughtUpHops() {
        return caughtUpHops;
    }

    public long resolverQueries() {
        return resolverQueries;
    }

    public long keyOrderReports() {
        return keyOrderReports;
    }

    public long snapshotReads() {
        return snapshotReads;
    }

    public long storageRetries() {
        return storageRetries;
    }

    /** Decided hops that could not run because the history they need was collected (should be 0). */
    public long historyMisses() {
        return historyMisses;
    }

    /** A copy, for a reader on another thread: the node keeps counting in this one. */
    public ChainServerStats copy() {
        ChainServerStats c = new ChainServerStats();
        c.speculativeHops = speculativeHops;
        c.decidedHops = decidedHops;
        c.validSpeculativeHops = validSpeculativeHops;
        c.caughtUpHops = caughtUpHops;
        c.unspeculatedHops = unspeculatedHops;
        c.resolverQueries = resolverQueries;
        c.keyOrderReports = keyOrderReports;
        c.snapshotReads = snapshotReads;
        c.storageRetries = storageRetries;
        c.historyMisses = historyMisses;
        c.keysHandedOver = keysHandedOver;
        c.keysEvicted = keysEvicted;
        c.partitionLoads = partitionLoads;
        c.bytesCached = bytesCached;
        c.peakBytesCached = peakBytesCached;
        return c;
    }
}
