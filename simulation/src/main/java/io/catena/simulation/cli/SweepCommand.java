package io.catena.simulation.cli;

import io.catena.core.procedure.ProcedureRegistry;
import io.catena.harness.check.HistoryWriter;
import io.catena.simulation.cluster.SimConfig;
import io.catena.simulation.run.SeedCrash;
import io.catena.simulation.run.SeedResult;
import io.catena.simulation.run.SeedRun;
import io.catena.simulation.run.SeedSweep;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** Runs a range of seeds (or one) and checks each run; the last line sums up. */
@Command(name = "sweep", mixinStandardHelpOptions = true,
        description = {"Run seeds of the simulator, check every history and every region's final state.",
            "Ends with: seeds=N txns=... anomalies=0 divergent=0 lost=0 unanswered=0"})
public final class SweepCommand implements Callable<Integer> {

    @Mixin
    SimOptions sim;

    @Option(names = "--seeds", defaultValue = "100", paramLabel = "N", description = "how many seeds (default: ${DEFAULT-VALUE})")
    long seeds;

    @Option(names = "--from", defaultValue = "1", paramLabel = "SEED", description = "first seed (default: ${DEFAULT-VALUE})")
    long from;

    @Option(names = {"-s", "--seed"}, paramLabel = "SEED", description = "run exactly this seed (replays it)")
    Long seed;

    @Option(names = "--lockstep", description = "run each seed twice and compare the event traces (determinism)")
    boolean lockstep;

    @Option(names = "--history-out", paramLabel = "FILE",
            description = "write the checked history (JSON lines) of the seed given with -s")
    Path historyOut;

    @Option(names = "--threads", defaultValue = "2", paramLabel = "N", description = "seeds run in parallel (default: ${DEFAULT-VALUE})")
    int threads;

    @Option(names = {"-v", "--verbose"}, description = "print a line per seed, not only failures")
    boolean verbose;

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        SimConfig config = sim.toConfig();
        if (historyOut != null && seed == null) {
            throw new IllegalArgumentException("--history-out records one seed's history; choose it with -s SEED");
        }
        long first = seed != null ? seed : from;
        long count = seed != null ? 1 : seeds;
        out.println("simulating seeds " + first + ".." + (first + count - 1) + ": " + sim.describe());
        if (lockstep) {
            return lockstep(out, config, first, count);
        }
        SeedSweep.Summary summary = new SeedSweep(config, ProcedureRegistry.empty(), threads).run(first, count,
                new SeedSweep.Listener() {
                    @Override
                    public void onResult(SeedResult r) {
                        report(out, r);
                    }

                    @Override
                    public void onCrash(SeedCrash crash) {
                        out.println("CRASH " + crash.line());
                        out.println(crash.stackTop(8).indent(5).stripTrailing());
                        out.println("     replay: " + replayCommand(crash.seed(), sim));
                        out.flush();
                    }
                });
        out.println(summary.line());
        out.println(summary.bounds().line());
        out.println(summary.exercised().line());
        return summary.ok() ? 0 : 1;
    }

    private void report(PrintWriter out, SeedResult r) {
        if (verbose || !r.ok()) {
            out.println((r.ok() ? "ok   " : "FAIL ") + r.line());
        }
        if (!r.ok()) {
            out.println("     " + r.report().summaryLine());
            r.report().examples().stream().limit(5).forEach(e -> out.println("     " + e));
            out.println("     replay: " + replayCommand(r.seed(), sim));
        }
        if (historyOut != null) {
            writeHistory(r, historyOut);
            out.println("history of seed " + r.seed() + " written to " + historyOut);
        }
        out.flush();
    }

    /** {@code bin/catena-sim sweep -s SEED} with every option of {@code sim} that is not at its default. */
    public static String replayCommand(long seed, SimOptions sim) {
        String flags = sim.replayFlags();
        return "bin/catena-sim sweep -s " + seed + (flags.isEmpty() ? "" : " " + flags);
    }

    private int lockstep(PrintWriter out, SimConfig config, long first, long count) {
        int mismatches = 0;
        for (long s = first; s < first + count; s++) {
            SeedResult a = new SeedRun(config, ProcedureRegistry.empty()).run(s, 40);
            SeedResult b = new SeedRun(config, ProcedureRegistry.empty()).run(s, 40);
            boolean same = a.fingerprint() == b.fingerprint() && a.history().equals(b.history());
            if (!same) {
                mismatches++;
                out.println("NONDETERMINISTIC seed=" + s + " traces " + Long.toHexString(a.fingerprint()) + " vs "
                        + Long.toHexString(b.fingerprint()));
            } else if (verbose) {
                out.println("same seed=" + s + " trace=" + Long.toHexString(a.fingerprint()) + " events=" + a.events());
            }
        }
        out.println("lockstep seeds=" + count + " nondeterministic=" + mismatches);
        return mismatches == 0 ? 0 : 1;
    }

    private static void writeHistory(SeedResult r, Path file) {
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8); HistoryWriter hw = new HistoryWriter(w)) {
            hw.writeHeader(r.header());
            hw.writeAll(r.history());
        } catch (IOException e) {
            throw new IllegalStateException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }
}
