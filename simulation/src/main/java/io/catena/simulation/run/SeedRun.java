package io.catena.simulation.run;

import io.catena.core.data.ChainKey;
import io.catena.core.data.Datum;
import io.catena.core.data.Row;
import io.catena.core.procedure.ProcedureRegistry;
import io.catena.core.rlog.RLogRecord;
import io.catena.simulation.check.BankInvariant;
import io.catena.simulation.check.CheckReport;
import io.catena.simulation.check.FinalLists;
import io.catena.simulation.check.HistoryChecker;
import io.catena.simulation.cluster.SimCluster;
import io.catena.simulation.cluster.SimConfig;
import io.catena.simulation.cluster.SimRegion;
import io.catena.simulation.engine.Trace;
import io.catena.simulation.client.SimClient;
import io.catena.simulation.workload.Workload;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.SortedMap;
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
        long deadline = config.loadMicros() + config.drainMicros();
        long healed = cluster.faultsHealedMicros();
        while (loop.now() < deadline && (loop.now() < healed || outstanding(cluster) > 0)) {
            loop.runUntil(loop.now() + STEP_MICROS);
        }
        long settleDeadline = loop.now() + settleMicros;
        while (loop.now() < settleDeadline && !quiescent(cluster, lastTxnEpoch[0])) {
            loop.runUntil(loop.now() + STEP_MICROS);
        }
        long unanswered = 0;
        for (SimClient c : cluster.clients()) {
            unanswered += c.giveUp();
        }
        CheckReport report = check(cluster);
        long divergent = divergentKeys(cluster);
        return new SeedResult(seed, cluster.faults().toString(), cluster.history().events(), report, divergent,
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

    /** Every region is up, has scheduled past the last epoch with transactions, and applied all of it. */
    private static boolean quiescent(SimCluster cluster, long lastTxnEpoch) {
        for (SimRegion r : cluster.regions()) {
            if (r.coordinator() == null || r.coordinator().recovering()
                    || r.coordinator().nextToSchedule() <= lastTxnEpoch
                    || r.coordinator().transactionsInFlight() > 0) {
                return false;
            }
        }
        return true;
    }

    private static CheckReport check(SimCluster cluster) {
        Workload w = cluster.workload();
        HistoryChecker.Builder checker = HistoryChecker.builder();
        Map<String, Map<String, List<Long>>> lists = new LinkedHashMap<>();
        for (SimRegion r : cluster.regions()) {
            Map<String, List<Long>> byKey = new LinkedHashMap<>();
            for (String table : w.tables()) {
                if (w.listTable(table)) {
                    r.store().dumpLatest(table).forEach((key, rows) -> byKey.put(key.toString(), listOf(rows)));
                }
            }
            lists.put(r.name(), byKey);
        }
        if (w.tables().stream().anyMatch(w::listTable)) {
            checker.finalLists(new FinalLists(lists));
        }
        BankInvariant bank = w.bankInvariant();
        if (bank != null) {
            Map<String, Map<String, Long>> balances = new LinkedHashMap<>();
            for (SimRegion r : cluster.regions()) {
                Map<String, Long> byAccount = new LinkedHashMap<>();
                for (String table : w.tables()) {
                    r.store().dumpLatest(table).forEach((key, rows) ->
                            byAccount.put(key.toString(), rows.get("").getLong("balance", 0)));
                }
                balances.put(r.name(), byAccount);
            }
            checker.bank(bank.withFinalBalances(balances));
        }
        return checker.build().check(cluster.history().events());
    }

    private static List<Long> listOf(SortedMap<String, Row> rows) {
        List<Long> out = new ArrayList<>();
        Row row = rows.get("");
        Datum d = row == null ? null : row.getOrNull("v");
        if (d instanceof Datum.Seq seq) {
            for (Datum e : seq.values()) {
                out.add(((Datum.Int64) e).value());
            }
        }
        return out;
    }

    /** Chain keys whose latest rows differ between any two regions. */
    private static long divergentKeys(SimCluster cluster) {
        long divergent = 0;
        for (String table : cluster.workload().tables()) {
            List<SortedMap<ChainKey, SortedMap<String, Row>>> dumps = new ArrayList<>();
            for (SimRegion r : cluster.regions()) {
                dumps.add(r.store().dumpLatest(table));
            }
            java.util.Set<ChainKey> keys = new java.util.TreeSet<>();
            dumps.forEach(d -> keys.addAll(d.keySet()));
            for (ChainKey k : keys) {
                SortedMap<String, Row> first = dumps.get(0).get(k);
                for (SortedMap<ChainKey, SortedMap<String, Row>> d : dumps) {
                    if (!Objects.equals(first, d.get(k))) {
                        divergent++;
                        break;
                    }
                }
            }
        }
        return divergent;
    }
}
