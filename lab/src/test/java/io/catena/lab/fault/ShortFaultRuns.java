package io.catena.lab.fault;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.lab.report.Check;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Duration;

/**
 * A scenario's short form as CI runs it (4 s of load before, 3 s of fault, 5 s after; 4 clients
 * per region on 40 accounts), asserting that every check of the run passed.
 */
final class ShortFaultRuns {

    private static final Duration BEFORE = Duration.ofSeconds(4);
    private static final Duration FAULT_FOR = Duration.ofSeconds(3);
    private static final Duration AFTER = Duration.ofSeconds(5);

    private ShortFaultRuns() {
    }

    /** Runs {@code scenario} once in {@code dir} (kept by the caller's test when it fails); its report. */
    static FaultReport run(String scenario, Path dir) throws Exception {
        FaultOptions options = new FaultOptions(scenario, "europe-west1", 0, BEFORE, FAULT_FOR, AFTER, 4, 7,
                "bank:accounts=40,audit=0.05,lookup=0.2,split=0.3", dir.resolve("run"), dir.resolve("timeline.csv"), 1);
        StringWriter out = new StringWriter();
        FaultReport report = new FaultRun(FaultScenarios.named(scenario), options, new PrintWriter(out, true)).run();
        assertThat(report.checks()).as("the run's report:\n%s", out).allMatch(Check::passed);
        assertThat(out.toString()).doesNotContain("replay:");
        return report;
    }
}
