package io.catena.simulation.run;

import io.catena.harness.run.ClusterAudit;
import io.catena.harness.run.FinalStates;
import io.catena.harness.run.RunHeader;
import io.catena.core.procedure.ProcedureRegistry;
import io.catena.core.rlog.RLogRecord;
import io.catena.harness.check.CheckReport;
import io.catena.harness.check.FinalLists;
import io.catena.harness.check.HistoryHeader;
import io.catena.simulation.cluster.SimCluster;
import io.catena.simulation.cluster.SimConfig;
import io.catena.simulation.cluster.SimRegion;
import io.catena.simulation.engine.Trace;
import io.catena.simulation.client.SimClient;
import io.catena.core.protocol.Protocol;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Runs one seed end to end: load phase (with the fault schedule), drain until every client has
 * its answers, settle until every region has applied everything, then check the history, the
 * regions' final states against each other, and the workload's invariants.
 */
public final class SeedRun {

    private static final long STEP_MICROS = 100_000;
    private static final long SETTLE_MICROS = 30_000_000;

    private final SimConfig config;
    private final ProcedureRegistry procedures;
    private final long settleMicros;

    public SeedRun(SimConfig config, ProcedureRegistry procedures) {
        this(config, procedures, SETTLE_MICROS);
    }

    /** {@code settleMicros} bounds the wait for every region to apply everything after the drain. */
    public SeedRun(SimConfig config, ProcedureRegistry procedures, long settleMicros) {
        this.config = config;
        this.procedures = procedures;
        this.settleMicros = settleMicros;
    }

    public SeedResult run(long seed, int traceLines) {
        return run(seed, traceLines, null);
    }

    public SeedResult run(long seed, int traceLines, Consumer<RLogRecord> ownRecordTap) {
        long wallStart = System.nanoTime();
        Trace trace = new Trace(traceLines);
        long[] lastTxnEpoch = new long[1];
        Consumer<RLogRecord> tap = r -> {
            if (!r.txns().isEmpty()) {
                lastTxnEpoch[0] = Math.max(lastTxnEpoch[0], r.epoch());
            }
            if (ownRecordTap != null) {
                ownRecordTap.accept(r);
            }
        };
        SimCluster cluster = new SimCluster(config, seed, procedures, trace, tap);
        cluster.start();
        var loop = cluster.loop();
        loop.runUntil(config.loadMicros());
        long healed = cluster.faultsHealedMicros();
        // Late copies arrive long after the load; the drain waits for them.
        long deadline = Math.max(config.loadMicros() + config.drainMicros(), healed);
        while (loop.now() < deadline && (loop.now() < healed || outstanding(cluster) > 0)) {
            loop.runUntil(loop.now() + STEP_MICROS);
        }
        long settleDeadline = loop.now() + settleMicros;
        while (loop.now() < settleDeadline && !quiescent(cluster, config.protocol(), lastTxnEpoch[0], loop.now())) {
            loop.runUntil(loop.now() + STEP_MICROS);
        }
        long unanswered = 0;
        for (SimClient c : cluster.clients()) {
            unanswered += c.giveUp();
        }
        List<ClusterAudit.RegionState> states = states(cluster);
        HistoryHeader header = RunHeader.of(config.workload().toString(), cluster.workload(),
                states.stream().map(ClusterAudit.RegionState::name).toList());
        FinalLists finalLists = ClusterAudit.finalLists(cluster.workload(), states);
        Map<String, Map<String, Long>> balances = header.bank() == null ? Map.of()
                : ClusterAudit.balances(cluster.workload(), states);
        CheckReport report = ClusterAudit.check(header, finalLists, balances, cluster.history().events());
        long divergent = ClusterAudit.divergentKeys(cluster.workload(), states);
        return new SeedResult(seed, cluster.faults().toString(), header, cluster.history().events(),
                new FinalStates(finalLists, balances), report, divergent,
                unanswered, loop.now(), loop.processed(), (System.nanoTime() - wallStart) / 1_000_000,
                trace.fingerprint(), cluster.latencies(), RunStats.of(cluster));
    }

    private static long outstanding(SimCluster cluster) {
        long n = 0;
        for (SimClient c : cluster.clients()) {
            n += c.outstanding();
        }
        return n;
    }

    /**
     * Every region is up, has scheduled past the last epoch with transactions, and applied all of
     * it; under another protocol, every region's entry node says it has settled (its plug-in's
     * {@code quiescent}: a baseline has applied and persisted every commit it received).
     */
    private static boolean quiescent(SimCluster cluster, Protocol protocol, long lastTxnEpoch, long nowMicros) {
        for (SimRegion r : cluster.regions()) {
            if (!protocol.equals(Protocol.CATENA)) {
                if (r.entry() == null || !protocol.plugin().quiescent(r.entry(), nowMicros)) {
                    return false;
                }
                continue;
            }
            if (r.coordinator() == null || r.coordinator().recovering()
                    || r.coordinator().nextToSchedule() <= lastTxnEpoch
                    || r.coordinator().transactionsInFlight() > 0) {
                return false;
            }
        }
        return true;
    }

    private static List<ClusterAudit.RegionState> states(SimCluster cluster) {
        List<ClusterAudit.RegionState> states = new ArrayList<>();
        for (SimRegion r : cluster.regions()) {
            states.add(new ClusterAudit.RegionState(r.name(), r.store()));
        }
        return states;
    }
}
