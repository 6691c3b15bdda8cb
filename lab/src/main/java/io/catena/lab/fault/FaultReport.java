package io.catena.lab.fault;

import io.catena.lab.report.Check;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What {@code catena fault} shows of a run: its timeline second by second and per phase, its
 * checks (PASS/FAIL, as {@code catena demo} prints them), and on failure the one command that
 * runs it again; and the timeline as a CSV file, one row per second, and as a chart
 * ({@link FaultChart}). It also reads such a CSV file back, to chart an earlier run.
 */
public final class FaultReport {

    private static final String ROW = "%5s  %7s  %11s  %12s  %10s  %6s  %7s  %8s  %8s  %-6s  %s%n";
    private static final String CSV_HEADER = "second,committed," + String.join(",", ThreeRegionProcesses.REGIONS)
            + ",aborted,unknown,p50_ms,p99_ms,phase,marks";
    private static final int CSV_FIELDS = CSV_HEADER.split(",").length;
    private static final String NO_VALUE = "-";
    private static final String CSV_ADVICE = ": name a CSV file that catena fault wrote (its --report)";

    private final FaultTimeline timeline;
    private final List<Check> checks;
    private final FaultOptions options;
    private final List<String> findings;

    public FaultReport(FaultTimeline timeline, List<Check> checks, FaultOptions options) {
        this(timeline, checks, options, List.of());
    }

    /** A report that also prints the scenario's own {@code findings} (figures such as failover times). */
    public FaultReport(FaultTimeline timeline, List<Check> checks, FaultOptions options, List<String> findings) {
        this.timeline = timeline;
        this.checks = List.copyOf(checks);
        this.options = options;
        this.findings = List.copyOf(findings);
    }

    /** The scenario's own findings, as the report prints them. */
    public List<String> findings() {
        return findings;
    }

    public FaultTimeline timeline() {
        return timeline;
    }

    public List<Check> checks() {
        return checks;
    }

    /** Whether every check passed. */
    public boolean passed() {
        return checks.stream().allMatch(Check::passed);
    }

    /** Prints the timeline, the phases, the checks, and the replay command if a check failed. */
    public void print(PrintWriter out) {
        List<String> regions = ThreeRegionProcesses.REGIONS;
        out.printf(Locale.ROOT, ROW, "t s", "commits", regions.get(0), regions.get(1), regions.get(2), "aborts",
                "unknown", "p50 ms", "p99 ms", "phase", "steps");
        for (FaultTimeline.Second s : timeline.seconds()) {
            out.printf(Locale.ROOT, ROW, s.second(), s.committed(), s.byRegion().get(0), s.byRegion().get(1),
                    s.byRegion().get(2), s.aborted(), s.unknown(), millis(s.p50Millis()), millis(s.p99Millis()),
                    s.phase().name().toLowerCase(Locale.ROOT), s.marks());
        }
        out.println();
        for (FaultTimeline.PhaseFigures p : timeline.phases()) {
            out.printf(Locale.ROOT, "%-6s %5.1f s  %7.1f commits/s (fewest in a second: %d)  p50 %s ms  p99 %s ms  "
                    + "max %s ms%n", p.phase().name().toLowerCase(Locale.ROOT), p.seconds(), p.commitsPerSecond(),
                    p.minCommitsPerSecond(), millis(p.p50Millis()), millis(p.p99Millis()), millis(p.maxMillis()));
        }
        StringBuilder firsts = new StringBuilder("first commit after the heal:");
        for (int r = 0; r < regions.size(); r++) {
            firsts.append(r == 0 ? " " : ", ").append(regions.get(r)).append(" +")
                    .append(millis(timeline.firstCommitAfterHealMillis().get(r))).append(" ms");
        }
        out.println(firsts);
        findings.forEach(out::println);
        out.println();
        for (Check c : checks) {
            out.println((c.passed() ? "PASS  " : "FAIL  ") + c.description());
        }
        out.println("timeline: " + options.report().toAbsolutePath() + ", its chart: "
                + FaultChart.beside(options.report()).toAbsolutePath() + "; processes' files and history: "
                + options.dir().toAbsolutePath());
        if (!passed()) {
            out.println("replay: " + options.replayCommand());
        }
        out.flush();
    }

    /** Writes the timeline as CSV, one row per second. */
    public void writeCsv(Path file) throws IOException {
        StringBuilder csv = new StringBuilder(CSV_HEADER).append('\n');
        for (FaultTimeline.Second s : timeline.seconds()) {
            csv.append(String.format(Locale.ROOT, "%d,%d,%d,%d,%d,%d,%d,%s,%s,%s,\"%s\"%n", s.second(), s.committed(),
                    s.byRegion().get(0), s.byRegion().get(1), s.byRegion().get(2), s.aborted(), s.unknown(),
                    millis(s.p50Millis()), millis(s.p99Millis()),
                    s.phase().name().toLowerCase(Locale.ROOT), s.marks().replace("\"", "\"\"")));
        }
        Path parent = file.toAbsolutePath().getParent();
        Files.createDirectories(parent);
        Files.writeString(file, csv, StandardCharsets.UTF_8);
    }

    /** Writes the timeline's chart as the SVG file {@code file}, titled with the scenario and its fault tolerance. */
    public void writeChart(Path file) throws IOException {
        FaultChart.write(file, "catena fault " + options.scenario() + ", fault tolerance " + options.faultTolerance(),
                timeline.seconds());
    }

    /**
     * The seconds of a timeline written by {@link #writeCsv}, latencies to the tenth of a millisecond
     * as written.
     *
     * @throws IllegalArgumentException if {@code file} cannot be read or is not such a file
     */
    public static List<FaultTimeline.Second> readCsv(Path file) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            String why = e instanceof NoSuchFileException ? "there is no file " + file
                    : "cannot read " + file + " (" + e.getMessage() + ")";
            throw new IllegalArgumentException(why + CSV_ADVICE, e);
        }
        if (lines.isEmpty() || !lines.get(0).equals(CSV_HEADER)) {
            throw new IllegalArgumentException(file + " is not a catena fault timeline (its first line is not "
                    + CSV_HEADER + ")" + CSV_ADVICE);
        }
        List<FaultTimeline.Second> seconds = new ArrayList<>();
        for (int i = 1; i < lines.size(); i++) {
            try {
                seconds.add(row(lines.get(i)));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(file + " line " + (i + 1) + " is not a second of a timeline ("
                        + e.getMessage() + ")" + CSV_ADVICE, e);
            }
        }
        if (seconds.isEmpty()) {
            throw new IllegalArgumentException(file + " has no seconds after its header" + CSV_ADVICE);
        }
        return seconds;
    }

    /** A line of the CSV file: numbers, a phase, and the marks quoted as {@link #writeCsv} quotes them. */
    private static FaultTimeline.Second row(String line) {
        String[] f = line.split(",", CSV_FIELDS);
        if (f.length != CSV_FIELDS) {
            throw new IllegalArgumentException(f.length + " fields, not " + CSV_FIELDS);
        }
        String marks = f[CSV_FIELDS - 1];
        if (marks.length() < 2 || !marks.startsWith("\"") || !marks.endsWith("\"")) {
            throw new IllegalArgumentException("its marks are not quoted");
        }
        List<Long> byRegion = List.of(count(f[2]), count(f[3]), count(f[4]));
        return new FaultTimeline.Second((int) count(f[0]), count(f[1]), byRegion, count(f[5]), count(f[6]),
                millisOrNone(f[7]), millisOrNone(f[8]), phase(f[9]),
                marks.substring(1, marks.length() - 1).replace("\"\"", "\""));
    }

    private static long count(String field) {
        try {
            long n = Long.parseLong(field);
            if (n >= 0 && n <= Integer.MAX_VALUE) {
                return n;
            }
        } catch (NumberFormatException e) {
            // Said below, with the field.
        }
        throw new IllegalArgumentException("'" + field + "' is not a count");
    }

    private static double millisOrNone(String field) {
        if (field.equals(NO_VALUE)) {
            return Double.NaN;
        }
        try {
            double ms = Double.parseDouble(field);
            if (ms >= 0 && Double.isFinite(ms)) {
                return ms;
            }
        } catch (NumberFormatException e) {
            // Said below, with the field.
        }
        throw new IllegalArgumentException("'" + field + "' is neither milliseconds nor " + NO_VALUE);
    }

    private static FaultTimeline.Phase phase(String field) {
        for (FaultTimeline.Phase p : FaultTimeline.Phase.values()) {
            if (p.name().toLowerCase(Locale.ROOT).equals(field)) {
                return p;
            }
        }
        throw new IllegalArgumentException("'" + field + "' is not a phase: before, fault or after");
    }

    private static String millis(double ms) {
        return Double.isNaN(ms) ? NO_VALUE : String.format(Locale.ROOT, "%.1f", ms);
    }
}
