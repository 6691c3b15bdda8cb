package io.catena.lab.fault;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.catena.harness.check.HistoryEvent;
import io.catena.harness.check.TxnOutcome;
import io.catena.harness.check.TxnType;
import io.catena.lab.cli.CatenaCommand;
import io.catena.lab.report.Check;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The timeline's CSV file read back as {@link FaultReport} wrote it, and charted from it by {@code catena fault --chart-from}. */
class FaultReportCsvTest {

    private static final long START = 5_000_000_000L;
    private static final long SECOND = 1_000_000L;
    private static final String KILLED = "kill -9 the leader, coordinator \"0\"";
    private static final String ADVICE = "name a CSV file that catena fault wrote (its --report)";

    @TempDir
    Path dir;

    @Test
    void readsBackTheSecondsItWroteMarksWithCommasAndQuotesIncluded() throws Exception {
        FaultReport report = report();
        Path csv = dir.resolve("timeline.csv");
        report.writeCsv(csv);

        List<FaultTimeline.Second> read = FaultReport.readCsv(csv);

        assertThat(read).isEqualTo(report.timeline().seconds());
        assertThat(read.get(2).marks()).isEqualTo("fault: " + KILLED);
        assertThat(read.get(0).p50Millis()).as("a second without commits").isNaN();
        assertThat(read.get(3).aborted()).isEqualTo(1);
    }

    @Test
    void writesTheRunsChartNamedAfterItsScenario() throws Exception {
        Path svg = dir.resolve("charts").resolve("timeline.svg");
        report().writeChart(svg);

        List<org.w3c.dom.Element> charts = FaultChartTest.charts(Files.readString(svg));
        assertThat(charts).hasSize(2);
        assertThat(charts.get(0).getAttribute("aria-label"))
                .isEqualTo("catena fault kill-leader, fault tolerance 0: throughput");
    }

    @Test
    void aFileThatIsNotATimelineIsRefusedInOneSentenceNamingTheLine() throws Exception {
        Path csv = dir.resolve("timeline.csv");
        report().writeCsv(csv);
        List<String> lines = Files.readAllLines(csv);

        assertRefused(dir.resolve("missing.csv"), "there is no file " + dir.resolve("missing.csv"));
        assertRefused(write("no-header.csv", lines.subList(1, lines.size())), "is not a catena fault timeline");
        assertRefused(write("header-only.csv", lines.subList(0, 1)), "has no seconds after its header");
        String count = lines.get(2).replaceFirst("^1,3,", "1,x,");
        assertRefused(edit(lines, 2, count), "line 3 is not a second of a timeline ('x' is not a count)");
        assertRefused(edit(lines, 2, "1,3"), "line 3 is not a second of a timeline (2 fields, not 11)");
        String unquoted = lines.get(3).replace("\"", "");
        assertRefused(edit(lines, 3, unquoted), "line 4 is not a second of a timeline (its marks are not quoted)");
        String phase = lines.get(1).replace(",before,", ",calm,");
        assertRefused(edit(lines, 1, phase), "('calm' is not a phase: before, fault or after)");
        String latency = lines.get(2).replaceFirst(",100\\.5,", ",fast,");
        assertRefused(edit(lines, 2, latency), "('fast' is neither milliseconds nor -)");
    }

    @Test
    void theCommandLineChartsAnEarlierRunBesideItsCsvFileOrWhereReportSays() throws Exception {
        Path csv = dir.resolve("catena-fault-kill-leader.csv");
        report().writeCsv(csv);

        StringWriter out = new StringWriter();
        assertThat(catena(out, "fault", "--chart-from", csv.toString())).isZero();
        Path beside = dir.resolve("catena-fault-kill-leader.svg");
        assertThat(out.toString().trim()).isEqualTo("chart: " + beside.toAbsolutePath());
        assertThat(FaultChartTest.charts(Files.readString(beside)).get(0).getAttribute("aria-label"))
                .isEqualTo("catena-fault-kill-leader: throughput");

        Path elsewhere = dir.resolve("out").resolve("chart.svg");
        assertThat(catena(new StringWriter(), "fault", "--chart-from", csv.toString(), "--report",
                elsewhere.toString())).isZero();
        assertThat(elsewhere).exists();
    }

    @Test
    void theCommandLineSaysInOneLineWhatIsWrongWithTheCsvFileOrTheArguments() throws Exception {
        Path csv = write("bad.csv", List.of("second,committed", "1,2"));
        StringWriter err = new StringWriter();

        assertThat(catena(new StringWriter(), err, "fault", "--chart-from", csv.toString())).isEqualTo(2);
        assertThat(err.toString()).isEqualTo("catena: " + csv + " is not a catena fault timeline (its first line is "
                + "not second,committed,us-central1,europe-west1,asia-east1,aborted,unknown,p50_ms,p99_ms,phase,marks)"
                + ": " + ADVICE + System.lineSeparator());

        StringWriter both = new StringWriter();
        assertThat(catena(new StringWriter(), both, "fault", "cut-region", "--chart-from", csv.toString()))
                .isNotZero();
        assertThat(both.toString()).startsWith("--chart-from draws the chart of an earlier run: leave out the "
                + "SCENARIO (cut-region)");
        StringWriter neither = new StringWriter();
        assertThat(catena(new StringWriter(), neither, "fault")).isNotZero();
        assertThat(neither.toString()).startsWith("name a SCENARIO to run (one of cut-region, ");
    }

    private static void assertRefused(Path csv, String what) {
        assertThatThrownBy(() -> FaultReport.readCsv(csv)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(csv.toString()).hasMessageContaining(what).hasMessageEndingWith(": " + ADVICE)
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }

    private Path edit(List<String> lines, int index, String line) throws Exception {
        List<String> edited = new ArrayList<>(lines);
        edited.set(index, line);
        return write("edited-" + index + "-" + Math.abs(line.hashCode()) + ".csv", edited);
    }

    private Path write(String name, List<String> lines) throws Exception {
        return Files.write(dir.resolve(name), lines);
    }

    private static int catena(StringWriter out, String... args) {
        return catena(out, new StringWriter(), args);
    }

    private static int catena(StringWriter out, StringWriter err, String... args) {
        return CatenaCommand.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
    }

    /**
     * The report of a made-up five-second run of kill-leader: a commit of 100.5 ms in every region
     * and second but the third, an abort in the fourth, the leader killed in the third second and
     * the new one leading in the fourth.
     */
    private FaultReport report() {
        List<HistoryEvent> history = new ArrayList<>();
        for (int s = 1; s < 5; s++) {
            long end = START + s * SECOND + 500_000;
            for (String region : ThreeRegionProcesses.REGIONS) {
                if (s != 2) {
                    history.add(event(region, end - 100_500, end, TxnOutcome.COMMITTED));
                }
            }
        }
        history.add(event("europe-west1", START + 3_100_000, START + 3_200_000, TxnOutcome.ABORTED));
        List<FaultMark> marks = List.of(new FaultMark(START + 2_300_000, false, KILLED),
                new FaultMark(START + 3_400_000, true, "coordinator 1 leads"));
        FaultOptions options = new FaultOptions("kill-leader", "europe-west1", 0, Duration.ofSeconds(2),
                Duration.ofSeconds(1), Duration.ofSeconds(2), 1, 7, "bank", dir.resolve("run"),
                dir.resolve("timeline.csv"));
        return new FaultReport(FaultTimeline.of(history, START, marks), List.of(Check.pass("made up")), options);
    }

    private static HistoryEvent event(String region, long invokeMicros, long completeMicros, TxnOutcome outcome) {
        return new HistoryEvent(region + "-" + invokeMicros, 1L, region, TxnType.READ_WRITE, invokeMicros,
                completeMicros, outcome, null, List.of());
    }
}
