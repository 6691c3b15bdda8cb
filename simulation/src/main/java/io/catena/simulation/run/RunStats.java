package io.catena.simulation.run;

import io.catena.chainserver.ChainServerStats;
import io.catena.coordinator.CoordinatorStats;
import io.catena.simulation.cluster.SimCluster;
import io.catena.simulation.cluster.SimRegion;

/** Protocol counters summed over a run's regions (for figures and diagnostics). */
public record RunStats(long conflicting, long nonConflicting, long keysByMajority, long keysByFallback,
                       long keysByClosedWindow,
                       long membersInCycles, long decidedHops, long validSpeculativeHops, long caughtUpHops,
                       long unspeculatedHops,
                       long resolverQueries, long epochMessageBytes, long recordsRetransmitted, long abandonVotes,
                       long dropped, long redrives, long busyMicros, BoundHits bounds,
                       Exercised exercised) {

    public static RunStats of(SimCluster cluster) {
        long[] a = new long[17];
        BoundHits bounds = BoundHits.NONE;
        for (SimRegion r : cluster.regions()) {
            if (r.coordinator() != null) {
                CoordinatorStats s = r.coordinator().stats();
                bounds = bounds.plus(BoundHits.of(s));
                a[0] += s.conflicting;
                a[1] += s.nonConflicting;
                a[2] += s.keysDecidedByMajority;
                a[3] += s.keysDecidedByFallback;
                a[4] += s.membersInCycles;
                a[9] += s.epochMessageBytes;
                a[10] += s.recordsRetransmitted;
                a[11] += s.abandonVotes;
                a[12] += s.txnsDropped;
                a[13] += s.commitPassRedrives;
                a[16] += r.coordinator().decisions().keysByClosedWindow();
            }
            for (int i = 0; i < r.chainServers(); i++) {
                if (r.chainServer(i) != null) {
                    ChainServerStats c = r.chainServer(i).stats();
                    a[5] += c.decidedHops();
                    a[6] += c.validSpeculativeHops();
                    a[7] += c.caughtUpHops();
                    a[8] += c.resolverQueries();
                    a[15] += c.unspeculatedHops();
                }
            }
            a[14] += r.busyMicros();
        }
        return new RunStats(a[0], a[1], a[2], a[3], a[16], a[4], a[5], a[6], a[7], a[15], a[8], a[9], a[10], a[11], a[12], a[13],
                a[14], bounds.asSeed(), Exercised.of(cluster, cluster.history().events()));
    }
}
