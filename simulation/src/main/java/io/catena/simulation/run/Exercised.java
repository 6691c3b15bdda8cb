package io.catena.simulation.run;

import io.catena.coordinator.CoordinatorStats;
import io.catena.harness.check.HistoryEvent;
import io.catena.harness.check.TxnOutcome;
import io.catena.harness.check.TxnType;
import io.catena.simulation.client.InteractiveCounts;
import io.catena.simulation.client.LookupCounts;
import io.catena.simulation.client.SimClient;
import io.catena.simulation.cluster.SimCluster;
import io.catena.simulation.cluster.SimRegion;
import java.util.List;

/**
 * What a sweep exercised, so that a reader sees what each slice can catch: transactions whose
 * order was decided across regions (conflicting), and of those the ones in a decided cycle (the
 * resolver's and the linearizer's work), and what clients saw — read-only transactions, aborts
 * and outcomes they never learnt — and the ownership changes the regions went through, with the
 * keys whose new owner had them in memory and loaded them afresh once the change was handed off,
 * and how long a change waited from its announcement to its handoff (what a moved key stalls);
 * and the coordinators a standby took over from, with how many of them, still running, had a
 * write fenced and stepped down, and how many messages they sent between their successor's start
 * and their step-down; the copies of requests coordinators left out because they came later than
 * their copy window; and what clients' outcome lookups resolved, and how many interactive
 * transactions committed and aborted for a conflict; and the keys chain servers evicted to keep
 * within their memory budget, and loaded again; and the store calls a flaky store failed one by one;
 * and the records coordinators closed without their clients' waiting transactions because some
 * region was too far behind in executing (backpressure), with the most epochs any region was behind.
 *
 * <p>Every region decides every epoch alike, so a seed counts the protocol's numbers of the region
 * that counted most (a replaced coordinator starts its counts again).
 */
public record Exercised(long conflicting, long inCycles, long readOnly, long aborted, long unknown,
                        long membershipChanges, long keysHandedOver, long handoffs, long handoffWaitMicros,
                        long takeovers, long formerLeadersFenced, long formerLeadersLateMessages, long lateCopies,
                        LookupCounts lookups, InteractiveCounts interactive, ChainCacheCounts cache,
                        long storeCallsFailed, long recordsHeldBack, long maxBacklogEpochs) {

    public static final Exercised NONE = new Exercised(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, LookupCounts.NONE,
            InteractiveCounts.NONE, ChainCacheCounts.NONE, 0, 0, 0);

    /** One seed's numbers. */
    public static Exercised of(SimCluster cluster, List<HistoryEvent> history) {
        long conflicting = 0;
        long inCycles = 0;
        long changes = 0;
        long handedOver = 0;
        long handoffs = 0;
        long handoffWait = 0;
        long takeovers = 0;
        long fenced = 0;
        long late = 0;
        long lateCopies = 0;
        long storeCallsFailed = 0;
        long heldBack = 0;
        long maxBacklog = 0;
        for (SimRegion r : cluster.regions()) {
            storeCallsFailed += r.storeCallsFailed();
            takeovers += r.formerLeaders();
            fenced += r.formerLeadersStopped();
            late += r.formerLeadersLateMessages();
            if (r.coordinator() != null) {
                CoordinatorStats s = r.coordinator().stats();
                conflicting = Math.max(conflicting, s.conflicting);
                inCycles = Math.max(inCycles, s.membersInCycles);
                changes += r.coordinator().context().ownership.history().memberships().size() - 1;
                handoffs += s.handoffs;
                handoffWait += s.handoffWaitMicros;
                lateCopies += s.lateCopies;
                heldBack += s.recordsHeldBack;
                maxBacklog = Math.max(maxBacklog, s.maxBacklogEpochs);
            }
            for (int i = 0; i < r.chainServers(); i++) {
                handedOver += r.chainServer(i) == null ? 0 : r.chainServer(i).stats().keysHandedOver();
            }
        }
        long readOnly = 0;
        long aborted = 0;
        long unknown = 0;
        for (HistoryEvent e : history) {
            readOnly += e.type() == TxnType.READ_ONLY ? 1 : 0;
            aborted += e.outcome() == TxnOutcome.ABORTED ? 1 : 0;
            unknown += e.outcome() == TxnOutcome.UNKNOWN ? 1 : 0;
        }
        LookupCounts lookups = LookupCounts.NONE;
        InteractiveCounts interactive = InteractiveCounts.NONE;
        for (SimClient c : cluster.clients()) {
            lookups = lookups.plus(c.lookupCounts());
            interactive = interactive.plus(c.interactiveCounts());
        }
        return new Exercised(conflicting, inCycles, readOnly, aborted, unknown, changes, handedOver, handoffs,
                handoffWait, takeovers, fenced, late, lateCopies, lookups, interactive, ChainCacheCounts.of(cluster),
                storeCallsFailed, heldBack, maxBacklog);
    }

    public Exercised plus(Exercised o) {
        return new Exercised(conflicting + o.conflicting, inCycles + o.inCycles, readOnly + o.readOnly,
                aborted + o.aborted, unknown + o.unknown, membershipChanges + o.membershipChanges,
                keysHandedOver + o.keysHandedOver, handoffs + o.handoffs, handoffWaitMicros + o.handoffWaitMicros,
                takeovers + o.takeovers, formerLeadersFenced + o.formerLeadersFenced,
                formerLeadersLateMessages + o.formerLeadersLateMessages, lateCopies + o.lateCopies,
                lookups.plus(o.lookups), interactive.plus(o.interactive), cache.plus(o.cache),
                storeCallsFailed + o.storeCallsFailed, recordsHeldBack + o.recordsHeldBack,
                Math.max(maxBacklogEpochs, o.maxBacklogEpochs));
    }

    public String line() {
        return "exercised: conflicting=" + conflicting + " in decided cycles=" + inCycles + " read-only=" + readOnly
                + " aborted=" + aborted + " unknown outcome=" + unknown + " membership changes=" + membershipChanges
                + " keys handed over=" + keysHandedOver + " mean handoff wait="
                + (handoffs == 0 ? "-" : handoffWaitMicros / handoffs / 1000 + "ms") + " takeovers=" + takeovers
                + " old leaders fenced=" + formerLeadersFenced + " their messages after the takeover="
                + formerLeadersLateMessages + " late copies left out=" + lateCopies + " " + lookups.line() + " "
                + interactive.line() + cache.line() + (storeCallsFailed == 0 ? "" : " store calls failed=" + storeCallsFailed)
                + " most epochs behind in executing=" + maxBacklogEpochs
                + (recordsHeldBack == 0 ? "" : " records held back=" + recordsHeldBack);
    }
}
