package io.catena.simulation.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.core.procedure.ProcedureRegistry;
import io.catena.harness.check.HistoryReader;
import io.catena.simulation.cli.SimCommand;
import io.catena.simulation.cli.SimOptions;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The command a failing seed prints must run exactly what failed: the same configuration, and
 * so the same history. Proven for every slice of the CI sweep and for options an earlier replay
 * line left out.
 */
class SweepReplayTest {

    /** Options the first replay lines dropped, next to the knobs of clock and tolerance. */
    private static final List<String> MORE = List.of(
            "--protocol occ --workload bank --clients 6 --epoch-ms 5 --chain-servers 2 --load-s 1",
            "--rate 150 --load-s 1 --fault-tolerance 1 --max-clock-offset-ms 40 --delay-tolerance-ms 120"
                    + " --ordering-grace-ms 1.5 --storage-ms 1-4",
            "--workload kv:records=50,ro=0.3 --network rough --faults pause --load-s 1.5");

    private static List<SweepSlice> configurations() {
        List<SweepSlice> all = new ArrayList<>(SimulationSweepTest.slices());
        for (String flags : MORE) {
            all.add(new SweepSlice(flags, 1, 1, flags));
        }
        return all;
    }

    @Test
    void theReplayOfEverySliceHasTheSliceConfiguration() {
        for (SweepSlice slice : configurations()) {
            String replay = slice.replay(42);
            assertThat(replay).as(slice.name()).startsWith("bin/catena-sim sweep -s 42");
            assertThat(SimOptions.parse(flagsOf(replay)).toConfig()).as(replay).isEqualTo(slice.config());
        }
    }

    @Test
    void replayFlagsNameOnlyWhatDiffersFromTheDefaults() {
        assertThat(SimOptions.parse().replayFlags()).isEmpty();
        assertThat(SimOptions.parse("--epoch-ms", "10.0", "--clients", "4").replayFlags()).isEmpty();
        assertThat(SimOptions.parse("--clients", "6", "--load-s", "3").replayFlags())
                .contains("--clients 6").contains("--load-s 3.0");
    }

    @Test
    void theReplayedCommandRecordsTheHistoryTheSweepChecked(@TempDir Path dir) throws IOException {
        List<SweepSlice> some = List.of(configurations().get(configurations().size() - 3),
                configurations().get(configurations().size() - 2), configurations().get(configurations().size() - 1));
        for (SweepSlice slice : some) {
            SeedResult inProcess = new SeedRun(slice.config(), ProcedureRegistry.empty()).run(5, 0);
            Path file = dir.resolve("h" + some.indexOf(slice) + ".jsonl");
            List<String> args = new ArrayList<>(List.of("sweep"));
            args.addAll(Arrays.asList(flagsOf(slice.replay(5))));
            args.addAll(List.of("-s", "5", "--history-out", file.toString()));
            StringWriter out = new StringWriter();
            int exit = SimCommand.execute(args.toArray(String[]::new), new PrintWriter(out, true),
                    new PrintWriter(out, true));
            assertThat(exit).as(out.toString()).isZero();
            assertThat(HistoryReader.read(file)).as(slice.name()).isEqualTo(inProcess.history());
        }
    }

    @Test
    void aSeedThatThrowsIsNamedAndTheOthersStillRun() {
        SeedResult clean = new SeedRun(SimOptions.parse("--load-s", "0.3").toConfig(), ProcedureRegistry.empty())
                .run(1, 0);
        SeedSweep.Summary summary = new SeedSweep(seed -> {
            if (seed == 3) {
                throw new IllegalStateException("a node broke");
            }
            return clean;
        }, 2).run(1, 4);
        assertThat(summary.crashes()).extracting(SeedCrash::seed).containsExactly(3L);
        assertThat(summary.ok()).isFalse();
        assertThat(summary.line()).endsWith("crashed=1");
        assertThat(summary.seeds()).isEqualTo(4);
        assertThat(summary.txns()).isEqualTo(3 * clean.txns());
        SweepSlice slice = new SweepSlice("slice", 1, 1, "--load-s 0.3");
        assertThat(slice.failures(summary)).singleElement().asString()
                .contains("seed=3 crashed: java.lang.IllegalStateException: a node broke")
                .contains("replay: bin/catena-sim sweep -s 3 --load-s 0.3");
    }

    /** The flags of a replay command, without {@code bin/catena-sim sweep -s SEED}. */
    private static String[] flagsOf(String replay) {
        String[] words = replay.split(" ");
        return Arrays.copyOfRange(words, 4, words.length);
    }
}
