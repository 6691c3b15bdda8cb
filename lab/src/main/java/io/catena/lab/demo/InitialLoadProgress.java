package io.catena.lab.demo;

import io.catena.server.region.InitialRows;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Shows the loading of a run's initial rows when it takes a while (on Cassandra or HBase,
 * minutes for 100,000 records in each of three regions): a line every {@value #INTERVAL_SECONDS}
 * s, {@code loading rows: 120,000 of 300,000 partitions (40 %), 2,310/s}, and one when done. A
 * load that ends before the first line prints nothing. Thread-safe.
 */
public final class InitialLoadProgress implements InitialRows.Progress {

    static final long INTERVAL_SECONDS = 5;

    private final PrintWriter out;
    private final long total;
    private final long startNanos = System.nanoTime();
    private final AtomicLong stored = new AtomicLong();
    private final AtomicLong nextLineNanos = new AtomicLong(startNanos + TimeUnit.SECONDS.toNanos(INTERVAL_SECONDS));
    private volatile boolean printed;

    /** @param total partitions to store in all regions together */
    public InitialLoadProgress(PrintWriter out, long total) {
        this.out = out;
        this.total = total;
    }

    @Override
    public void stored() {
        long done = stored.incrementAndGet();
        long now = System.nanoTime();
        long due = nextLineNanos.get();
        if (now >= due && nextLineNanos.compareAndSet(due, now + TimeUnit.SECONDS.toNanos(INTERVAL_SECONDS))) {
            line(done, now);
        }
    }

    /** Prints the closing line, if the load was long enough to show progress at all. */
    public void finish() {
        if (printed) {
            line(stored.get(), System.nanoTime());
        }
    }

    private void line(long done, long now) {
        printed = true;
        double seconds = (now - startNanos) / 1e9;
        synchronized (out) {
            out.printf(Locale.ROOT, "loading rows: %,d of %,d partitions (%d %%), %,.0f/s%n", done, total,
                    total == 0 ? 100 : done * 100 / total, seconds > 0 ? done / seconds : 0);
            out.flush();
        }
    }
}
