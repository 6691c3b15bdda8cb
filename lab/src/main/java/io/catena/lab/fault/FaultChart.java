package io.catena.lab.fault;

import io.catena.lab.report.svg.Band;
import io.catena.lab.report.svg.ChartPoint;
import io.catena.lab.report.svg.LineSeries;
import io.catena.lab.report.svg.LinearScale;
import io.catena.lab.report.svg.LogScale;
import io.catena.lab.report.svg.Palette;
import io.catena.lab.report.svg.Rule;
import io.catena.lab.report.svg.Scale;
import io.catena.lab.report.svg.StackedCharts;
import io.catena.lab.report.svg.SvgChart;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.ToDoubleFunction;

/**
 * The chart of a fault run's timeline, drawn from its seconds as the CSV file holds them, so a run
 * and its CSV file read back give the same chart: each region's commits per second above, the
 * commit latency's p50 and p99 below on a log scale, over the same seconds of load; the seconds
 * of the fault phase shaded, and the scenario's steps as labelled lines. A second's figures, and
 * its steps, are drawn at its middle: the timeline knows the second of a step, not the instant.
 */
public final class FaultChart {

    private static final int WIDTH_PX = 900;
    /** Tall enough for a step's label, written along its line, such as a link's reset. */
    private static final int THROUGHPUT_HEIGHT_PX = 440;
    private static final int LATENCY_HEIGHT_PX = 300;
    private static final String FAULT_COLOUR = "#E69F00";
    private static final String STEP_COLOUR = "#333333";
    private static final String P50_COLOUR = "#000000";
    private static final String P99_COLOUR = "#CC79A7";
    /** The latency axis of a timeline without a commit: the range a WAN commit falls in. */
    private static final LogScale NO_LATENCY = new LogScale(10, 1_000);
    /** The least top of the throughput axis, so a run that hardly committed keeps whole commits as ticks. */
    private static final int MIN_PEAK_PER_SECOND = 5;

    private FaultChart() {
    }

    /** Where the chart of the CSV file {@code csv} goes: beside it, {@code .csv} replaced by {@code .svg}. */
    public static Path beside(Path csv) {
        return csv.resolveSibling(baseName(csv) + ".svg");
    }

    /**
     * Draws the chart of a timeline a run wrote to {@code csv} ({@link FaultReport#readCsv}) as the
     * SVG file {@code svg}, titled with the CSV file's name, which is all it knows of the run.
     */
    public static void drawFromCsv(Path csv, Path svg) throws IOException {
        write(svg, baseName(csv), FaultReport.readCsv(csv));
    }

    /** Writes the chart of {@code seconds}, titled {@code title}, as the SVG file {@code file}. */
    public static void write(Path file, String title, List<FaultTimeline.Second> seconds) throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        Files.writeString(file, render(title, seconds), StandardCharsets.UTF_8);
    }

    /** The chart of {@code seconds}, titled {@code title}, as an SVG document. */
    public static String render(String title, List<FaultTimeline.Second> seconds) {
        if (seconds.isEmpty()) {
            throw new IllegalArgumentException("a timeline without a second has nothing to chart");
        }
        LinearScale time = LinearScale.covering(0, seconds.size(), 8);
        return new StackedCharts(title, List.of(throughput(title, time, seconds), latency(time, seconds)))
                .renderDocument();
    }

    private static SvgChart throughput(String title, Scale time, List<FaultTimeline.Second> seconds) {
        double peak = seconds.stream().flatMap(s -> s.byRegion().stream()).mapToLong(Long::longValue).max()
                .orElse(0);
        SvgChart.Builder chart = SvgChart.builder(title + ": throughput", time,
                        LinearScale.covering(0, Math.max(peak, MIN_PEAK_PER_SECOND), 5))
                .axisTitles("seconds of load", "commits per second").size(WIDTH_PX, THROUGHPUT_HEIGHT_PX);
        List<String> regions = ThreeRegionProcesses.REGIONS;
        for (int r = 0; r < regions.size(); r++) {
            int region = r;
            chart.series(line(regions.get(r), Palette.colour(r), seconds, s -> s.byRegion().get(region)));
        }
        faultPhase(seconds).ifPresent(chart::band);
        for (FaultTimeline.Second s : seconds) {
            if (!s.marks().isEmpty()) {
                chart.rule(Rule.event(middle(s), s.marks(), STEP_COLOUR));
            }
        }
        return chart.build();
    }

    private static SvgChart latency(Scale time, List<FaultTimeline.Second> seconds) {
        SvgChart.Builder chart = SvgChart.builder("commit latency of the transactions committed in each second",
                        time, latencyScale(seconds))
                .axisTitles("seconds of load", "ms, log scale").size(WIDTH_PX, LATENCY_HEIGHT_PX)
                .series(line("p50", P50_COLOUR, seconds, FaultTimeline.Second::p50Millis))
                .series(line("p99", P99_COLOUR, seconds, FaultTimeline.Second::p99Millis));
        faultPhase(seconds).ifPresent(chart::band);
        for (FaultTimeline.Second s : seconds) {
            if (!s.marks().isEmpty()) {
                chart.rule(Rule.vertical(middle(s), s.marks(), STEP_COLOUR));
            }
        }
        return chart.build();
    }

    /** One point per second with a value, the line broken across seconds without one (NaN). */
    private static LineSeries line(String name, String colour, List<FaultTimeline.Second> seconds,
                                   ToDoubleFunction<FaultTimeline.Second> value) {
        List<ChartPoint> points = new ArrayList<>();
        List<Integer> breaks = new ArrayList<>();
        int previous = -1;
        for (FaultTimeline.Second s : seconds) {
            double v = value.applyAsDouble(s);
            if (Double.isNaN(v)) {
                continue;
            }
            if (!points.isEmpty() && s.second() != previous + 1) {
                breaks.add(points.size());
            }
            points.add(new ChartPoint(middle(s), v));
            previous = s.second();
        }
        return new LineSeries(name, colour, points, breaks);
    }

    /** The seconds the report counts as the fault's, from the first step's to the heal's; none if no step was taken. */
    private static Optional<Band> faultPhase(List<FaultTimeline.Second> seconds) {
        List<FaultTimeline.Second> fault = seconds.stream().filter(s -> s.phase() == FaultTimeline.Phase.FAULT)
                .toList();
        if (fault.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new Band(fault.get(0).second(), fault.get(fault.size() - 1).second() + 1,
                "fault phase", FAULT_COLOUR));
    }

    private static Scale latencyScale(List<FaultTimeline.Second> seconds) {
        double low = seconds.stream().mapToDouble(FaultTimeline.Second::p50Millis).filter(v -> v > 0).min()
                .orElse(Double.NaN);
        double high = seconds.stream().mapToDouble(FaultTimeline.Second::p99Millis).filter(v -> v > 0).max()
                .orElse(Double.NaN);
        return Double.isNaN(low) || Double.isNaN(high) ? NO_LATENCY : LogScale.covering(low, Math.max(low, high));
    }

    private static String baseName(Path csv) {
        String name = csv.getFileName().toString();
        return name.toLowerCase(Locale.ROOT).endsWith(".csv") ? name.substring(0, name.length() - 4) : name;
    }

    private static double middle(FaultTimeline.Second s) {
        return s.second() + 0.5;
    }
}
