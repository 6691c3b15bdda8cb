package io.catena.server.load;

import io.catena.server.report.ProgressBar;
import io.catena.server.report.RunRecorder;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * Runs a {@link LoadDriver}'s clients for a fixed time with a progress bar, then stops them and
 * waits for every transaction already issued to be answered.
 */
public final class TimedLoad {

    /** How long to wait, once clients stop issuing, for the last answers. */
    public static final Duration DRAIN_TIMEOUT = Duration.ofSeconds(30);

    private TimedLoad() {
    }

    /** True if every issued transaction was answered within {@link #DRAIN_TIMEOUT} after the run. */
    public static boolean run(LoadDriver driver, RunRecorder recorder, Duration duration, int clientsPerRegion,
                              long seed, PrintWriter out) throws InterruptedException {
        ProgressBar progress = ProgressBar.builder(out, duration).build();
        long deadline = System.nanoTime() + duration.toNanos();
        driver.start(clientsPerRegion, seed);
        while (System.nanoTime() < deadline) {
            Thread.sleep(Math.min(100, Math.max(1, (deadline - System.nanoTime()) / 1_000_000)));
            progress.update(recorder.committed());
        }
        driver.stopIssuing();
        progress.finish(recorder.committed());
        if (!driver.awaitDrained(DRAIN_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
            out.println(driver.inFlight() + " transactions were still unanswered " + DRAIN_TIMEOUT.toSeconds()
                    + " s after the clients stopped");
            return false;
        }
        return true;
    }
}
