package io.catena.simulation.run;

import io.catena.chainserver.ChainServer;
import io.catena.simulation.cluster.SimCluster;
import io.catena.simulation.cluster.SimRegion;

/**
 * What chain servers' memory budgets did in a run: the idle keys they evicted, the partitions they
 * loaded from the store (first loads and loads again after an eviction or a handoff), and the
 * most estimated bytes one chain server held at the end of a step, after evicting what it could
 * ({@link io.catena.chainserver.ChainServerStats#peakBytesCached}). Counted from the chain servers
 * running at the end (a restarted one starts its counts again).
 */
public record ChainCacheCounts(long evictions, long loads, long peakBytesCached) {

    public static final ChainCacheCounts NONE = new ChainCacheCounts(0, 0, 0);

    /** One seed's counts. */
    public static ChainCacheCounts of(SimCluster cluster) {
        ChainCacheCounts counts = NONE;
        for (SimRegion r : cluster.regions()) {
            for (int i = 0; i < r.chainServers(); i++) {
                ChainServer s = r.chainServer(i);
                if (s != null) {
                    counts = counts.plus(new ChainCacheCounts(s.stats().keysEvicted(), s.stats().partitionLoads(),
                            s.stats().peakBytesCached()));
                }
            }
        }
        return counts;
    }

    public ChainCacheCounts plus(ChainCacheCounts o) {
        return new ChainCacheCounts(evictions + o.evictions, loads + o.loads,
                Math.max(peakBytesCached, o.peakBytesCached));
    }

    /** The counts for the exercised line, or nothing when no key was evicted (runs without a budget read as before). */
    public String line() {
        return evictions == 0 ? "" : " keys evicted=" + evictions + " partition loads=" + loads
                + " peak bytes cached=" + peakBytesCached;
    }
}
