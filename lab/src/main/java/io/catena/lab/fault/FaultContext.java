package io.catena.lab.fault;

import io.catena.server.host.MicrosClock;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * What a {@link FaultScenario} acts on: the cluster under load, the run's options, and the marks
 * of its steps, stamped on the load driver's clock and announced on the terminal as they happen.
 *
 * <p>Threading: used by the scenario's thread only.
 */
public final class FaultContext {

    /** How long a healed cluster may take until every process reports healthy. */
    private static final Duration HEAL_TIMEOUT = Duration.ofSeconds(60);

    private final ThreeRegionProcesses cluster;
    private final FaultOptions options;
    private final MicrosClock clock;
    private final PrintWriter out;
    private final List<FaultMark> marks = new ArrayList<>();

    FaultContext(ThreeRegionProcesses cluster, FaultOptions options, MicrosClock clock, PrintWriter out) {
        this.cluster = cluster;
        this.options = options;
        this.clock = clock;
        this.out = out;
    }

    public ThreeRegionProcesses cluster() {
        return cluster;
    }

    public FaultOptions options() {
        return options;
    }

    /** Marks that the fault {@code what} was applied, now. */
    public void faultStarted(String what) {
        mark(false, what);
    }

    /** Marks that the fault was healed by {@code what}, now. */
    public void healed(String what) {
        mark(true, what);
    }

    private void mark(boolean healed, String what) {
        FaultMark m = new FaultMark(clock.nowMicros(), healed, what);
        marks.add(m);
        out.printf("  %s: %s%n", healed ? "healed" : "fault", what);
        out.flush();
    }

    /** Lets the load run for {@code time}. */
    public void hold(Duration time) throws InterruptedException {
        Thread.sleep(time.toMillis());
    }

    /** Waits until every process reports healthy again; an exception with their output if not in time. */
    public void awaitHealthy() throws InterruptedException {
        if (!ThreeRegionProcesses.waitFor(HEAL_TIMEOUT, cluster::healthy)) {
            throw new IllegalStateException("the cluster was not healthy " + HEAL_TIMEOUT.toSeconds()
                    + " s after the heal; see the processes' output in " + options.dir());
        }
    }

    List<FaultMark> marks() {
        return List.copyOf(marks);
    }
}
