package io.catena.lab.eval;

import io.catena.lab.demo.ClusterShape;
import io.catena.lab.demo.DemoOptions;
import io.catena.lab.demo.DemoRun;
import io.catena.lab.demo.InProcessRegions;
import io.catena.lab.demo.LoadOptions;
import io.catena.lab.report.LatencyDistribution;
import io.catena.lab.report.RegionSummary;
import io.catena.lab.report.RunSummary;
import io.catena.harness.record.TxnClass;
import java.io.IOException;
import java.io.PrintWriter;

/** One in-process run of {@code catena bench} turned into a point of a figure. */
final class BenchPoint {

    private BenchPoint() {
    }

    /** Runs {@code load} on an in-process cluster of {@code shape}: the point {@code x} of {@code panel}. */
    static EvalPoint measure(ClusterShape shape, LoadOptions load, String panel, double x, PrintWriter out)
            throws IOException, InterruptedException {
        RunSummary run = checkedRun(shape, load, out);
        RegionSummary total = run.total();
        LatencyDistribution all = LatencyDistribution.empty();
        for (TxnClass c : TxnClass.values()) {
            all = all.plus(total.latency(c));
        }
        return new EvalPoint(panel, shape.protocol(), x, total.outcomes().committed(), total.throughputPerSecond(),
                all.isEmpty() ? Double.NaN : all.percentileMillis(50),
                all.isEmpty() ? Double.NaN : all.percentileMillis(99), total.outcomes().abortRate(),
                run.allChecksPassed());
    }

    /**
     * Runs {@code load} on an in-process cluster of {@code shape} with the usual checks, and
     * prints the checks that failed right after the run, where the reader of the progress sees
     * them; the table at the end only marks the run FAIL.
     */
    static RunSummary checkedRun(ClusterShape shape, LoadOptions load, PrintWriter out)
            throws IOException, InterruptedException {
        RunSummary run = new DemoRun(new InProcessRegions(shape), DemoOptions.measureOnly("eval", load), out).execute();
        run.checks().stream().filter(c -> !c.passed()).forEach(c -> out.println("FAIL  " + c.description()));
        return run;
    }
}
