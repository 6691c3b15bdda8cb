package io.catena.lab.load;

import io.catena.server.host.MicrosClock;
import io.catena.lab.report.ProgressBar;
import io.catena.lab.report.RunRecorder;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * Runs a {@link LoadDriver}'s clients with a progress bar: through a warm-up, if the recorder's
 * measured run starts later than now, and then for the measured duration; then stops them and
 * waits for every transaction already issued to be answered.
 *
 * <p>Why a warm-up: a fresh cluster spends its first seconds compiling code and loading the keys
 * it touches into the chain servers' memory, so a run measured from the first transaction reports
 * the machine's start-up as much as the protocol. Transactions of the warm-up are in the history
 * and checked like every other; only their latency and throughput are left out.
 */
public final class TimedLoad {

    /** How long to wait, once clients stop issuing, for the last answers. */
    public static final Duration DRAIN_TIMEOUT = Duration.ofSeconds(30);

    private TimedLoad() {
    }

    /** What to do when the measured run begins. */
    public interface MeasuringStart {
        void begin() throws InterruptedException;
    }

    /**
     * Starts the clients now and runs them until {@code measured} after {@code recorder}'s start.
     * {@code onMeasuring} runs once the warm-up is over (at once if there is none), for costs
     * counted over the measured run only.
     *
     * @return true if every issued transaction was answered within {@link #DRAIN_TIMEOUT} after the run
     */
    public static boolean run(LoadDriver driver, RunRecorder recorder, Duration measured, int clientsPerRegion,
                              long seed, PrintWriter out, MeasuringStart onMeasuring) throws InterruptedException {
        MicrosClock clock = MicrosClock.system();
        long warmupMicros = Math.max(0, recorder.startMicros() - clock.nowMicros());
        driver.start(clientsPerRegion, seed);
        if (warmupMicros > 0) {
            ProgressBar warmup = ProgressBar.builder(out, Duration.ofNanos(warmupMicros * 1_000))
                    .phase("warm-up", "finished").build();
            while (clock.nowMicros() < recorder.startMicros()) {
                sleepUpTo(recorder.startMicros() - clock.nowMicros());
                warmup.update(driver.finished());
            }
            warmup.finish(driver.finished());
        }
        onMeasuring.begin();
        ProgressBar progress = ProgressBar.builder(out, measured).build();
        long end = recorder.startMicros() + measured.toNanos() / 1_000;
        while (clock.nowMicros() < end) {
            sleepUpTo(end - clock.nowMicros());
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

    private static void sleepUpTo(long micros) throws InterruptedException {
        Thread.sleep(Math.min(100, Math.max(1, micros / 1_000)));
    }
}
