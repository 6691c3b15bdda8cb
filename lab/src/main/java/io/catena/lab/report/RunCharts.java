package io.catena.lab.report;

import io.catena.lab.report.svg.ChartPoint;
import io.catena.lab.report.svg.LineSeries;
import io.catena.lab.report.svg.LinearScale;
import io.catena.lab.report.svg.LogScale;
import io.catena.lab.report.svg.Marker;
import io.catena.lab.report.svg.Palette;
import io.catena.lab.report.svg.Rule;
import io.catena.lab.report.svg.SvgChart;
import io.catena.harness.record.TxnClass;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The charts of a run: a latency distribution per transaction class and throughput over time,
 * each with one line per region. A region keeps its colour across all charts.
 */
final class RunCharts {

    /** Where a log axis starts when the fastest commit took no measurable time. */
    private static final double FLOOR_MILLIS = 0.01;
    private static final double[] MARKED_PERCENTILES = {50, 99};

    private RunCharts() {
    }

    /**
     * The cumulative distribution of commit latency of class {@code c} on a log axis, p50 and p99
     * marked on every region's curve; for read-write classes, each region's Helios bound as a
     * dashed line. Empty when no region committed a transaction of the class.
     */
    static Optional<SvgChart> latency(RunSummary run, TxnClass c) {
        List<RegionSummary> regions = run.regions();
        if (regions.stream().allMatch(r -> r.latency(c).isEmpty())) {
            return Optional.empty();
        }
        boolean showBounds = c != TxnClass.READ_ONLY;
        SvgChart.Builder chart = SvgChart.builder("commit latency: " + c.label(), latencyScale(run, c, showBounds),
                        new LinearScale(0, 1, 0.1))
                .axisTitles("commit latency (ms, log scale)", "share of commits within");
        for (double p : MARKED_PERCENTILES) {
            chart.rule(Rule.horizontal(p / 100, percentileName(p)));
        }
        for (int i = 0; i < regions.size(); i++) {
            RegionSummary r = regions.get(i);
            String colour = Palette.colour(i);
            LatencyDistribution d = r.latency(c);
            chart.series(new LineSeries(r.region(), colour, d.cdf().stream()
                    .map(p -> new ChartPoint(p.millis(), p.fraction())).toList()));
            if (!d.isEmpty()) {
                for (double p : MARKED_PERCENTILES) {
                    double millis = d.percentileMillis(p);
                    chart.marker(new Marker(new ChartPoint(millis, p / 100), colour, r.region() + " "
                            + percentileName(p) + ": " + DisplayFormat.millis(millis) + " ms"));
                }
            }
            if (showBounds && r.heliosBoundMillis() != null) {
                chart.rule(Rule.vertical(r.heliosBoundMillis(), r.region() + " Helios lower bound: "
                        + DisplayFormat.millis(r.heliosBoundMillis()) + " ms", colour));
            }
        }
        return Optional.of(chart.build());
    }

    /** Commits per second of every region over the run, one point per interval. */
    static SvgChart throughput(RunSummary run) {
        double seconds = 0;
        double peak = 0;
        for (RegionSummary r : run.regions()) {
            ThroughputSeries s = r.throughput();
            seconds = Math.max(seconds, s.durationMicros() / 1e6);
            for (int i = 0; i < s.size(); i++) {
                peak = Math.max(peak, s.perSecond(i));
            }
        }
        SvgChart.Builder chart = SvgChart.builder("throughput", LinearScale.covering(0, seconds, 6),
                        LinearScale.covering(0, peak, 5))
                .axisTitles("time since start (s)", "commits per second");
        for (int i = 0; i < run.regions().size(); i++) {
            RegionSummary r = run.regions().get(i);
            ThroughputSeries s = r.throughput();
            List<ChartPoint> points = new ArrayList<>();
            for (int j = 0; j < s.size(); j++) {
                double midSeconds = (s.startMicros(j) + s.lengthMicros(j) / 2.0) / 1e6;
                points.add(new ChartPoint(midSeconds, s.perSecond(j)));
            }
            chart.series(new LineSeries(r.region(), Palette.colour(i), points));
        }
        return chart.build();
    }

    /** {@code p50}, {@code p99}: the marked percentiles are whole numbers. */
    private static String percentileName(double percentile) {
        return String.format(Locale.ROOT, "p%.0f", percentile);
    }

    private static LogScale latencyScale(RunSummary run, TxnClass c, boolean withBounds) {
        double low = Double.MAX_VALUE;
        double high = 0;
        for (RegionSummary r : run.regions()) {
            for (CdfPoint p : r.latency(c).cdf()) {
                if (p.millis() > 0) {
                    low = Math.min(low, p.millis());
                }
                high = Math.max(high, p.millis());
            }
            if (withBounds && r.heliosBoundMillis() != null && r.heliosBoundMillis() > 0) {
                low = Math.min(low, r.heliosBoundMillis());
                high = Math.max(high, r.heliosBoundMillis());
            }
        }
        low = low == Double.MAX_VALUE ? FLOOR_MILLIS : Math.max(FLOOR_MILLIS, low);
        return LogScale.covering(low, Math.max(low, high));
    }
}
