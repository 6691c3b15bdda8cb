package io.catena.simulation.run;

import io.catena.core.procedure.ProcedureRegistry;
import io.catena.simulation.cluster.SimConfig;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.LongFunction;

/**
 * Runs a range of seeds (in parallel, one simulator per thread; each seed is independent and
 * deterministic) and sums up. A seed that fails is reported with everything needed to replay it;
 * so is a seed whose run throws, and the other seeds still run.
 */
public final class SeedSweep {

    private final LongFunction<SeedResult> runner;
    private final int threads;

    public SeedSweep(SimConfig config, ProcedureRegistry procedures, int threads) {
        this(seed -> new SeedRun(config, procedures).run(seed, 0), threads);
    }

    /** A sweep of whatever {@code runner} makes of a seed. */
    SeedSweep(LongFunction<SeedResult> runner, int threads) {
        this.runner = runner;
        this.threads = Math.max(1, threads);
    }

    /** Totals over a sweep. */
    public record Summary(long seeds, long txns, long committed, long anomalies, long divergent, long lost,
                          long unanswered, long simulatedMicros, long wallMillis, List<SeedResult> failures,
                          List<SeedCrash> crashes, BoundHits bounds, Exercised exercised) {

        /** The totals; {@code crashed=N} is added only when a seed crashed. */
        public String line() {
            return "seeds=" + seeds + " txns=" + txns + " committed=" + committed + " anomalies=" + anomalies
                    + " divergent=" + divergent + " lost=" + lost + " unanswered=" + unanswered
                    + (crashes.isEmpty() ? "" : " crashed=" + crashes.size());
        }

        public boolean ok() {
            return anomalies == 0 && divergent == 0 && lost == 0 && unanswered == 0 && crashes.isEmpty();
        }
    }

    /** What a sweep tells as each seed ends, in seed order; crashes are only summed up unless asked for. */
    public interface Listener {
        void onResult(SeedResult result);

        default void onCrash(SeedCrash crash) {
        }
    }

    /** Runs the seeds and sums them up. */
    public Summary run(long fromSeed, long count) {
        return run(fromSeed, count, r -> { });
    }

    /** Runs the seeds, telling {@code listener} of each as it ends. */
    public Summary run(long fromSeed, long count, Listener listener) {
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
                futures.add(pool.submit(() -> runner.apply(seed)));
            }
            long txns = 0;
            long committed = 0;
            long anomalies = 0;
            long divergent = 0;
            long lost = 0;
            long unanswered = 0;
            long sim = 0;
            List<SeedResult> failures = new ArrayList<>();
            List<SeedCrash> crashes = new ArrayList<>();
            BoundHits bounds = BoundHits.NONE;
            Exercised exercised = Exercised.NONE;
            long seed = fromSeed;
            for (Future<SeedResult> f : futures) {
                SeedResult r;
                try {
                    r = get(f);
                } catch (ExecutionException e) {
                    SeedCrash crash = new SeedCrash(seed++, e.getCause());
                    crashes.add(crash);
                    listener.onCrash(crash);
                    continue;
                }
                seed++;
                bounds = bounds.plus(r.stats().bounds());
                exercised = exercised.plus(r.stats().exercised());
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
                listener.onResult(r);
            }
            return new Summary(count, txns, committed, anomalies, divergent, lost, unanswered, sim,
                    (System.nanoTime() - start) / 1_000_000, failures, crashes, bounds, exercised);
        } finally {
            pool.shutdownNow();
        }
    }

    private static SeedResult get(Future<SeedResult> f) throws ExecutionException {
        try {
            return f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }
}
