package io.catena.simulation.run;

import io.catena.core.procedure.ProcedureRegistry;
import io.catena.simulation.cluster.SimConfig;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;

/**
 * Runs a range of seeds (in parallel, one simulator per thread; each seed is independent and
 * deterministic) and sums up. A seed that fails is reported with everything needed to replay it.
 */
public final class SeedSweep {

    private final SimConfig config;
    private final ProcedureRegistry procedures;
    private final int threads;

    public SeedSweep(SimConfig config, ProcedureRegistry procedures, int threads) {
        this.config = config;
        this.procedures = procedures;
        this.threads = Math.max(1, threads);
    }

    /** Totals over a sweep. */
    public record Summary(long seeds, long txns, long committed, long anomalies, long divergent, long lost,
                          long unanswered, long simulatedMicros, long wallMillis, List<SeedResult> failures,
                          BoundHits bounds) {

        public String line() {
            return "seeds=" + seeds + " txns=" + txns + " committed=" + committed + " anomalies=" + anomalies
                    + " divergent=" + divergent + " lost=" + lost + " unanswered=" + unanswered;
        }

        public boolean ok() {
            return anomalies == 0 && divergent == 0 && lost == 0 && unanswered == 0;
        }
    }

    public Summary run(long fromSeed, long count, Consumer<SeedResult> onEach) {
        long start = System.nanoTime();
        ExecutorService pool = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "sim-seed");
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<SeedResult>> futures = new ArrayList<>();
            for (long s = fromSeed; s < fromSeed + count; s++) {
                long seed = s;
                futures.add(pool.submit(() -> new SeedRun(config, procedures).run(seed, 0)));
            }
            long txns = 0;
            long committed = 0;
            long anomalies = 0;
            long divergent = 0;
            long lost = 0;
            long unanswered = 0;
            long sim = 0;
            List<SeedResult> failures = new ArrayList<>();
            BoundHits bounds = BoundHits.NONE;
            for (Future<SeedResult> f : futures) {
                SeedResult r = get(f);
                bounds = bounds.plus(r.stats().bounds());
                txns += r.txns();
                committed += r.committed();
                anomalies += r.report().anomalies();
                divergent += r.divergent();
                lost += r.report().lost();
                unanswered += r.unanswered();
                sim += r.simulatedMicros();
                if (!r.ok()) {
                    failures.add(r);
                }
                if (onEach != null) {
                    onEach.accept(r);
                }
            }
            return new Summary(count, txns, committed, anomalies, divergent, lost, unanswered, sim,
                    (System.nanoTime() - start) / 1_000_000, failures, bounds);
        } finally {
            pool.shutdownNow();
        }
    }

    private static SeedResult get(Future<SeedResult> f) {
        try {
            return f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("a seed crashed the simulator: " + e.getCause(), e.getCause());
        }
    }
}
