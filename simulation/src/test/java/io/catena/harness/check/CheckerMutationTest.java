package io.catena.harness.check;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.LongStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * A checker that cannot fail proves nothing (issue 20). Histories the simulator really recorded
 * must pass the checker as they are; each {@link Mutant} breaks them in one targeted way, and the
 * checker must then report the anomaly that edit stands for, naming what was edited: in process,
 * with the regions' final lists, as a run checks itself, and again from the history's file, as
 * {@code catena check} reads it, which must judge the file exactly as the history it holds.
 *
 * <p>A mutant scans each seed for the first transactions that fit its pattern and moves on to
 * the next seed when none do; it must be applied to {@link #SEEDS_PER_MUTANT} seeds, never
 * silently fewer.
 */
class CheckerMutationTest {

    /** Seeds each mutant must be applied to. */
    private static final int SEEDS_PER_MUTANT = 3;
    /** The last seed a mutant may look at for places to apply. */
    private static final long LAST_SEED = 12;
    /** The clean set: seeds 1 to this of every workload. */
    private static final long CLEAN_SEEDS = 4;

    @TestFactory
    Stream<DynamicTest> recordedHistoriesAreAcceptedAsTheyAre() {
        return Arrays.stream(RecordedWorkload.values())
                .flatMap(workload -> LongStream.rangeClosed(1, CLEAN_SEEDS)
                        .mapToObj(seed -> RecordedRun.of(workload, seed)))
                .map(run -> dynamicTest(run.workload() + " seed " + run.seed(), () -> assertAccepted(run)));
    }

    @Test
    void everyAnomalyTheCheckerReportsHasAMutant() {
        Set<Anomaly> covered = EnumSet.noneOf(Anomaly.class);
        Mutant.all().forEach(mutant -> covered.add(mutant.expected()));
        assertThat(covered).as("anomalies with a mutant").containsExactlyInAnyOrder(Anomaly.values());
    }

    @TestFactory
    Stream<DynamicTest> everyMutantIsRejectedWithItsAnomaly() {
        return Mutant.all().stream().map(mutant -> dynamicTest(mutant.name(), () -> rejectedOnSeeds(mutant)));
    }

    private static void rejectedOnSeeds(Mutant mutant) {
        List<Long> applied = new ArrayList<>();
        for (long seed = 1; seed <= LAST_SEED && applied.size() < SEEDS_PER_MUTANT; seed++) {
            RecordedRun run = RecordedRun.of(mutant.workload(), seed);
            Optional<MutatedHistory> mutated = mutant.applyTo(run);
            if (mutated.isPresent()) {
                assertAccepted(run);
                assertRejected(mutant, run, mutated.get());
                applied.add(seed);
            }
        }
        assertThat(applied).as("the seeds of %s 1 to %d that mutant '%s' fits", mutant.workload(), LAST_SEED, mutant)
                .hasSizeGreaterThanOrEqualTo(SEEDS_PER_MUTANT);
    }

    /** The run's own check, a check with its final lists, and the check of its file find nothing. */
    private static void assertAccepted(RecordedRun run) {
        assertThat(run.report().valid()).as("the run's own check of %s:\n%s", run.describe(), run.report()).isTrue();
        CheckReport inProcess = inProcess(run, run.finalLists()).check(run.history());
        assertThat(inProcess.valid()).as("%s, with its final lists:\n%s", run.describe(), inProcess).isTrue();
        CheckReport standalone = checkFile(run.header(), run.history(), run.describe());
        assertThat(standalone.valid()).as("%s, from its file:\n%s", run.describe(), standalone).isTrue();
        assertJudgedAlike(standalone, run.header(), run.history(), run.describe());
    }

    /** The checker a run configures: its header, and the regions' final states. */
    private static HistoryChecker inProcess(RecordedRun run, FinalLists finalLists) {
        HistoryChecker.Builder checker = HistoryChecker.builder().header(run.header()).finalLists(finalLists);
        if (run.header().bank() != null) {
            checker.finalBalances(run.finalBalances());
        }
        return checker.build();
    }

    private static void assertRejected(Mutant mutant, RecordedRun run, MutatedHistory mutated) {
        String what = "mutant '" + mutant + "' of " + run.describe() + ": " + mutated.edit();
        CheckReport inProcess = inProcess(run, mutated.finalLists()).check(mutated.history());
        System.out.printf("%-37s %s seed %d: %s%n%-37s %s%n", mutant, run.workload(), run.seed(), mutated.edit(), "",
                inProcess.summaryLine());
        assertFinds(mutant.expected(), inProcess, mutated, what + "\nchecked in process, with the final lists");
        if (mutant.finalStateOnly()) {
            return;
        }
        CheckReport standalone = checkFile(run.header(), mutated.history(), what);
        assertFinds(mutant.expected(), standalone, mutated, what + "\nchecked from its file");
        assertJudgedAlike(standalone, run.header(), mutated.history(), what);
    }

    /**
     * The check of a file found, to the last count of every anomaly and every piece of
     * information, what a check configured from the same header finds in the history it holds.
     */
    private static void assertJudgedAlike(CheckReport standalone, HistoryHeader header, List<HistoryEvent> history,
                                          String what) {
        CheckReport inProcess = HistoryChecker.builder().header(header).build().check(history);
        assertThat(standalone.counts()).as("%s\nchecked from its file, as in process without final lists:\n%s\nvs\n%s",
                what, standalone, inProcess).isEqualTo(inProcess.counts());
        assertThat(standalone.info()).as("%s\nwhat the check of its file counted, as in process", what)
                .isEqualTo(inProcess.info());
    }

    private static void assertFinds(Anomaly expected, CheckReport report, MutatedHistory mutated, String what) {
        assertThat(report.count(expected)).as("%s\nexpected %s, but the checker reported\n%s", what,
                expected.reportName(), report).isPositive();
        assertThat(report.examples(expected)).as("%s\nan example of %s naming one of %s", what, expected.reportName(),
                mutated.culprits()).anyMatch(example -> namesAny(example, mutated.culprits()));
    }

    /** True if {@code example} names one of {@code names} as a whole word ({@code c1-1}, not in {@code c1-12}). */
    private static boolean namesAny(String example, List<String> names) {
        return names.stream().anyMatch(name ->
                Pattern.compile("(?<![\\w-])" + Pattern.quote(name) + "(?!\\w)").matcher(example).find());
    }

    /**
     * Writes {@code history} with its header as a file, reads it back and checks it as
     * {@code catena check} does: with the checker the file's header configures.
     */
    private static CheckReport checkFile(HistoryHeader header, List<HistoryEvent> history, String what) {
        StringWriter file = new StringWriter();
        RecordedHistory read;
        try (HistoryWriter writer = new HistoryWriter(file)) {
            writer.writeHeader(header);
            writer.writeAll(history);
            writer.flush();
            read = HistoryReader.readRecorded(new StringReader(file.toString()));
        } catch (IOException e) {
            throw new UncheckedIOException(what, e);
        }
        assertThat(read.header()).as("%s: the header read back", what).isEqualTo(header);
        assertThat(read.events()).as("%s: the transactions read back", what).isEqualTo(history);
        return HistoryChecker.of(read).check(read.events());
    }
}
