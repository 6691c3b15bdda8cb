package io.catena.lab.tpcc;

import io.catena.server.config.TimeSpan;
import io.catena.lab.report.ProgressBar;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The terminals of a run, each on its own thread: started together, run through a warm-up and a
 * measured run with a progress bar, then told to stop; each finishes the transaction it is in.
 */
final class TpccTerminals {

    /** How long a terminal may take to finish its last transaction once told to stop. */
    static final Duration STOP_TIMEOUT = Duration.ofSeconds(30);

    private final List<TpccTerminal> terminals = new ArrayList<>();
    private volatile boolean stopping;

    void add(TpccTerminal terminal) {
        terminals.add(terminal);
    }

    boolean stopping() {
        return stopping;
    }

    /** Runs every terminal for {@code warmup} then {@code measured}; returns each recorder's measured run. */
    List<TpccRegionSummary> runTimed(List<TpccRecorder> recorders, TimeSpan warmup, TimeSpan measured,
                                     boolean countNewOrders, PrintWriter out) throws InterruptedException {
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < terminals.size(); i++) {
            Thread t = new Thread(terminals.get(i), "tpcc-terminal-" + i);
            t.setDaemon(true);
            threads.add(t);
            t.start();
        }
        try {
            if (warmup.micros() > 0) {
                ProgressBar bar = ProgressBar.builder(out, toDuration(warmup)).phase("warm-up", "finished").build();
                sleepWithProgress(bar, warmup, recorders, false, 0);
            }
            recorders.forEach(TpccRecorder::startMeasuring);
            long startNanos = System.nanoTime();
            // A mix without NewOrders (OrderStatus only) shows its finished transactions instead.
            ProgressBar bar = ProgressBar.builder(out, toDuration(measured))
                    .phase("measured", countNewOrders ? "new-orders" : "finished").build();
            sleepWithProgress(bar, measured, recorders, countNewOrders, countNewOrders ? 0 : count(recorders, false));
            long measuredMicros = (System.nanoTime() - startNanos) / 1_000;
            List<TpccRegionSummary> summaries = new ArrayList<>();
            for (TpccRecorder r : recorders) {
                summaries.add(r.summary(measuredMicros));
            }
            return summaries;
        } finally {
            stopping = true;
            long deadline = System.nanoTime() + STOP_TIMEOUT.toNanos();
            for (Thread t : threads) {
                t.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
            }
            long stuck = threads.stream().filter(Thread::isAlive).count();
            if (stuck > 0) {
                out.printf("%d terminals were still waiting for an answer %d s after the run%n", stuck,
                        STOP_TIMEOUT.toSeconds());
            }
        }
    }

    private static void sleepWithProgress(ProgressBar bar, TimeSpan span, List<TpccRecorder> recorders,
                                          boolean newOrders, long before) throws InterruptedException {
        long end = System.nanoTime() + span.micros() * 1_000;
        while (System.nanoTime() < end) {
            Thread.sleep(Math.max(1, Math.min(100, (end - System.nanoTime()) / 1_000_000)));
            bar.update(count(recorders, newOrders) - before);
        }
        bar.finish(count(recorders, newOrders) - before);
    }

    private static long count(List<TpccRecorder> recorders, boolean newOrders) {
        long n = 0;
        for (TpccRecorder r : recorders) {
            n += newOrders ? r.newOrders() : r.finished();
        }
        return n;
    }

    private static Duration toDuration(TimeSpan span) {
        return Duration.ofNanos(span.micros() * 1_000);
    }
}
