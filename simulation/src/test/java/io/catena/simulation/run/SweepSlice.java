package io.catena.simulation.run;

import io.catena.core.procedure.ProcedureRegistry;
import io.catena.simulation.cli.SimOptions;
import io.catena.simulation.cli.SweepCommand;
import io.catena.simulation.cluster.SimConfig;
import java.util.ArrayList;
import java.util.List;

/**
 * A slice of a test sweep, given as the {@code catena-sim sweep} flags that run it: the
 * configuration and the replay command of a failing seed both come from those flags, so the
 * command a failure prints runs exactly what failed.
 *
 * @param name      what the slice exercises, for the report
 * @param share     its share of the sweep's seeds
 * @param firstSeed where its seeds start
 * @param flags     the command-line flags of its configuration
 */
record SweepSlice(String name, double share, long firstSeed, String flags) {

    SimOptions options() {
        return SimOptions.parse(flags.isBlank() ? new String[0] : flags.trim().split("\\s+"));
    }

    SimConfig config() {
        return options().toConfig();
    }

    /** The command that replays {@code seed} of this slice. */
    String replay(long seed) {
        return SweepCommand.replayCommand(seed, options());
    }

    /** Runs {@code count} seeds of the slice and prints its totals. */
    SeedSweep.Summary run(long count, int threads) {
        SeedSweep.Summary summary = new SeedSweep(config(), ProcedureRegistry.empty(), threads)
                .run(firstSeed, count);
        System.out.printf("%-48s %s (%.1f s)%n%-48s %s%n", name, summary.line(), summary.wallMillis() / 1000.0, "",
                summary.exercised().line());
        return summary;
    }

    /** Every failing or crashed seed of {@code summary}, each with what went wrong and its replay command. */
    List<String> failures(SeedSweep.Summary summary) {
        List<String> failures = new ArrayList<>();
        for (SeedResult r : summary.failures()) {
            failures.add(name + ": " + r.line() + "\n    " + r.report().summaryLine() + "\n    "
                    + String.join("\n    ", r.report().examples()) + "\n    replay: " + replay(r.seed()));
        }
        for (SeedCrash crash : summary.crashes()) {
            failures.add(name + ": " + crash.line() + "\n" + crash.stackTop(8).indent(4).stripTrailing()
                    + "\n    replay: " + replay(crash.seed()));
        }
        return failures;
    }
}
