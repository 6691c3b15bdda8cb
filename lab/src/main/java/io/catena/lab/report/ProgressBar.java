package io.catena.lab.report;

import java.io.Flushable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * Shows a long run while it goes: {@code [=====>              ] 12s/30s  41,203 committed  3,402 txn/s}.
 *
 * <p>In a terminal ({@link Mode#IN_PLACE}) the line is redrawn in place with {@code \r}, at most
 * every {@value #REDRAW_MILLIS} ms however often it is updated. Elsewhere ({@link Mode#LINES}) a
 * plain line is printed every few seconds, so CI logs stay readable. {@link #finish} prints a last
 * line with the mean rate over the run and ends it with a newline.
 *
 * <p>Threading: every method may be called from any thread. Output: a failing or closed stream
 * silences the bar and never throws; it is the run that matters, not its progress display.
 * Time comes from the clock given to the builder (nanoseconds, like {@link System#nanoTime}).
 */
public final class ProgressBar {

    /** How the bar is written. */
    public enum Mode {
        /** Redrawn in place with carriage returns: for an interactive terminal. */
        IN_PLACE,
        /** One plain line every so often: for logs and pipes. */
        LINES;

        /** {@link #IN_PLACE} when the JVM has an interactive console, else {@link #LINES}. */
        public static Mode detect() {
            return System.console() != null ? IN_PLACE : LINES;
        }
    }

    static final long REDRAW_MILLIS = 100;
    private static final int BAR_WIDTH = 20;
    private static final long NANOS_PER_SECOND = TimeUnit.SECONDS.toNanos(1);

    private final Appendable out;
    private final Mode mode;
    private final long totalNanos;
    private final long lineIntervalNanos;
    private final LongSupplier nanoClock;
    private final String phase;
    private final String counted;
    private final long startNanos;

    private long lastDrawnNanos;
    private int lastDrawnLength;
    private long rateFromNanos;
    private long rateFromCommitted;
    private double ratePerSecond = Double.NaN;
    private boolean finished;
    private boolean silenced;

    private ProgressBar(Builder b) {
        this.out = b.out;
        this.mode = b.mode;
        this.totalNanos = b.total.toNanos();
        this.lineIntervalNanos = b.lineInterval.toNanos();
        this.nanoClock = b.nanoClock;
        this.phase = b.phase;
        this.counted = b.counted;
        this.startNanos = nanoClock.getAsLong();
        this.lastDrawnNanos = startNanos;
        this.rateFromNanos = startNanos;
    }

    /**
     * A bar for a run of {@code total} writing to {@code out}; the run starts when the bar is built.
     * Defaults: mode {@link Mode#detect()}, a line every 5 s in {@link Mode#LINES}, the system clock.
     */
    public static Builder builder(Appendable out, Duration total) {
        return new Builder(out, total);
    }

    /** Shows that {@code committed} transactions have committed so far. Ignored after {@link #finish}. */
    public synchronized void update(long committed) {
        if (finished) {
            return;
        }
        long now = nanoClock.getAsLong();
        updateRate(now, committed);
        long sinceDrawn = now - lastDrawnNanos;
        boolean firstDraw = lastDrawnLength == 0;
        if (mode == Mode.IN_PLACE && (firstDraw || sinceDrawn >= TimeUnit.MILLISECONDS.toNanos(REDRAW_MILLIS))) {
            drawInPlace(line(now, committed, ratePerSecond), false);
            lastDrawnNanos = now;
        } else if (mode == Mode.LINES && sinceDrawn >= lineIntervalNanos) {
            write(line(now, committed, ratePerSecond) + "\n");
            lastDrawnNanos = now;
        }
    }

    /** Shows the final count with the mean rate over the whole run, then a newline. Once only. */
    public synchronized void finish(long committed) {
        if (finished) {
            return;
        }
        finished = true;
        long now = nanoClock.getAsLong();
        long elapsed = now - startNanos;
        double mean = elapsed <= 0 ? 0 : committed * (double) NANOS_PER_SECOND / elapsed;
        String line = line(now, committed, mean);
        if (mode == Mode.IN_PLACE) {
            drawInPlace(line, true);
        } else {
            write(line + "\n");
        }
    }

    /** The bar's text at time {@code nowNanos}, without any carriage return or newline. */
    String line(long nowNanos, long committed, double perSecond) {
        long elapsed = Math.max(0, nowNanos - startNanos);
        double fraction = totalNanos == 0 ? 1 : Math.min(1, (double) elapsed / totalNanos);
        int filled = (int) Math.floor(fraction * BAR_WIDTH);
        String bar = filled >= BAR_WIDTH ? "=".repeat(BAR_WIDTH)
                : "=".repeat(filled) + ">" + " ".repeat(BAR_WIDTH - filled - 1);
        long totalSeconds = Math.round((double) totalNanos / NANOS_PER_SECOND);
        String rate = Double.isNaN(perSecond) ? DisplayFormat.MISSING : DisplayFormat.rate(perSecond);
        return phase + "[" + bar + "] " + elapsed / NANOS_PER_SECOND + "s/" + totalSeconds + "s  "
                + DisplayFormat.count(committed) + " " + counted + "  " + rate + " txn/s";
    }

    /** The rate over the last second or more; until a second has passed, the rate since the start. */
    private void updateRate(long now, long committed) {
        long window = now - rateFromNanos;
        if (window >= NANOS_PER_SECOND) {
            ratePerSecond = (committed - rateFromCommitted) * (double) NANOS_PER_SECOND / window;
            rateFromNanos = now;
            rateFromCommitted = committed;
        } else if (Double.isNaN(ratePerSecond) && window > 0) {
            ratePerSecond = committed * (double) NANOS_PER_SECOND / window;
        }
    }

    private void drawInPlace(String line, boolean last) {
        // Blank out what is left of a longer previous line.
        String pad = " ".repeat(Math.max(0, lastDrawnLength - line.length()));
        write("\r" + line + pad + (last ? "\n" : ""));
        lastDrawnLength = line.length();
    }

    private void write(String text) {
        if (silenced) {
            return;
        }
        try {
            out.append(text);
            if (out instanceof Flushable f) {
                f.flush();
            }
        } catch (IOException | UncheckedIOException | IllegalStateException e) {
            silenced = true;
        }
    }

    /** Builds a {@link ProgressBar}; see {@link ProgressBar#builder}. */
    public static final class Builder {
        private final Appendable out;
        private final Duration total;
        private Mode mode = Mode.detect();
        private Duration lineInterval = Duration.ofSeconds(5);
        private LongSupplier nanoClock = System::nanoTime;
        private String phase = "";
        private String counted = "committed";

        private Builder(Appendable out, Duration total) {
            if (out == null) {
                throw new IllegalArgumentException("a progress bar needs somewhere to write");
            }
            if (total == null || total.isNegative()) {
                throw new IllegalArgumentException("a run lasts zero or more seconds, not " + total);
            }
            this.out = out;
            this.total = total;
        }

        /** How to write the bar; overrides the detection, e.g. from a command-line flag. */
        public Builder mode(Mode mode) {
            this.mode = Objects.requireNonNull(mode, "mode");
            return this;
        }

        /** How often a line is printed in {@link Mode#LINES}. */
        public Builder lineInterval(Duration interval) {
            if (interval == null || interval.isNegative() || interval.isZero()) {
                throw new IllegalArgumentException("the line interval must be positive, was " + interval);
            }
            this.lineInterval = interval;
            return this;
        }

        /** Where time comes from, in nanoseconds on an arbitrary origin; for tests. */
        public Builder nanoClock(LongSupplier nanoClock) {
            this.nanoClock = Objects.requireNonNull(nanoClock, "nanoClock");
            return this;
        }

        /**
         * Names a phase of the run before the bar (e.g. {@code warm-up}) and what its count counts
         * (e.g. {@code finished}); by default no phase, and commits.
         */
        public Builder phase(String phase, String counted) {
            this.phase = Objects.requireNonNull(phase, "phase") + " ";
            this.counted = Objects.requireNonNull(counted, "counted");
            return this;
        }

        /** The bar; its run starts now. */
        public ProgressBar build() {
            return new ProgressBar(this);
        }
    }
}
