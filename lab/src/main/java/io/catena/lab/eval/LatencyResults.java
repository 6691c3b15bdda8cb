package io.catena.lab.eval;

import io.catena.core.protocol.Protocol;
import io.catena.lab.report.DisplayFormat;
import io.catena.lab.report.svg.CategoryScale;
import io.catena.lab.report.svg.ChartPoint;
import io.catena.lab.report.svg.LineSeries;
import io.catena.lab.report.svg.LinearScale;
import io.catena.lab.report.svg.Palette;
import io.catena.lab.report.svg.Rule;
import io.catena.lab.report.svg.SvgChart;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The regions' figures of {@code catena eval latency} and what they become: per matrix and
 * workload a table of every region and protocol next to the region's share of the lower bound,
 * with each protocol's mean over the regions (which the mean bound does limit), a line chart of
 * the medians with the bound as a line of its own, and one CSV file of every row.
 */
public final class LatencyResults implements EvalReport {

    /** The bound's line: "optimal", since a region may beat its share; only the mean may not. */
    private static final String BOUND_LINE = "bound (optimal)";

    private final List<RegionPoint> points = new ArrayList<>();

    void add(RegionPoint p) {
        points.add(p);
    }

    @Override
    public boolean allChecksPassed() {
        return points.stream().allMatch(RegionPoint::checksPassed);
    }

    @Override
    public String figure() {
        return "latency";
    }

    /** A chart per matrix and workload, e.g. {@code gcp3-uniform}. */
    @Override
    public Map<String, SvgChart> charts() {
        Map<String, SvgChart> charts = new LinkedHashMap<>();
        for (LatencyPanel panel : panels()) {
            charts.put(panel.matrix().name() + "-" + panel.workload().label(), chart(panel));
        }
        return charts;
    }

    @Override
    public String csv() {
        StringBuilder s = new StringBuilder("matrix,workload,protocol,region_index,region,committed,per_second,"
                + "p50_ms,p99_ms,bound_ms,p50_over_bound,checks_passed\n");
        for (RegionPoint p : points) {
            RegionLatency l = p.latency();
            s.append(String.format(Locale.ROOT, "%s,%s,%s,%d,%s,%d,%.2f,%.2f,%.2f,%.2f,%.3f,%b%n",
                    p.panel().matrix().name(), p.panel().workload().label(), p.protocol(), p.region().index(),
                    p.region().name(), l.committed(), l.perSecond(), l.p50Millis(), l.p99Millis(),
                    p.region().boundMillis(), p.p50OverBound(), p.checksPassed()));
        }
        return s.toString();
    }

    /** Per matrix and workload: a row per region and protocol, then each protocol's means over the regions. */
    @Override
    public String table() {
        StringBuilder s = new StringBuilder();
        for (LatencyPanel panel : panels()) {
            s.append(panel.title()).append(": read-write commit latency per region; bound: the region's share of "
                    + "the lower bound, which holds for the mean").append(System.lineSeparator());
            s.append(String.format(Locale.ROOT, "  %-13s %-8s %9s %9s %9s %9s %9s  %s%n", "region", "protocol",
                    "p50 ms", "p99 ms", "txn/s", "bound ms", "p50/bound", "checks"));
            for (MatrixRegion region : panel.regions()) {
                for (Protocol protocol : protocols(panel)) {
                    find(panel, protocol, region).ifPresent(p -> s.append(row(p)));
                }
            }
            for (Protocol protocol : protocols(panel)) {
                double meanP50 = meanP50Millis(panel, protocol);
                s.append(String.format(Locale.ROOT, "  mean over regions, %-8s p50 %s ms, bound %s ms, p50/bound %s%n",
                        protocol, DisplayFormat.millis(meanP50), DisplayFormat.millis(panel.meanBoundMillis()),
                        ratio(meanP50 / panel.meanBoundMillis())));
            }
            s.append(System.lineSeparator());
        }
        return s.toString();
    }

    private static String row(RegionPoint p) {
        RegionLatency l = p.latency();
        return String.format(Locale.ROOT, "  %-13s %-8s %9s %9s %,9.1f %9s %9s  %s%n", p.region().name(), p.protocol(),
                DisplayFormat.millis(l.p50Millis()), DisplayFormat.millis(l.p99Millis()), l.perSecond(),
                DisplayFormat.millis(p.region().boundMillis()), ratio(p.p50OverBound()),
                p.checksPassed() ? "pass" : "FAIL");
    }

    /**
     * The mean over the panel's regions of {@code protocol}'s medians; NaN unless every region
     * has one, since a mean over the regions that committed would flatter the protocol.
     */
    double meanP50Millis(LatencyPanel panel, Protocol protocol) {
        double sum = 0;
        for (MatrixRegion region : panel.regions()) {
            Optional<RegionPoint> p = find(panel, protocol, region);
            if (p.isEmpty() || !Double.isFinite(p.get().latency().p50Millis())) {
                return Double.NaN;
            }
            sum += p.get().latency().p50Millis();
        }
        return sum / panel.regions().size();
    }

    /** The medians against the regions, a line per protocol, and the bound as a grey line. */
    private SvgChart chart(LatencyPanel panel) {
        List<MatrixRegion> regions = panel.regions();
        double maxY = regions.stream().mapToDouble(MatrixRegion::boundMillis).max().orElse(1);
        for (RegionPoint p : points) {
            if (p.panel().equals(panel) && Double.isFinite(p.latency().p50Millis())) {
                maxY = Math.max(maxY, p.latency().p50Millis());
            }
        }
        SvgChart.Builder chart = SvgChart.builder(panel.title() + ": median commit latency per region",
                        new CategoryScale(regions.stream().map(MatrixRegion::name).toList()),
                        LinearScale.covering(0, Math.max(maxY, 1e-9), 5))
                .axisTitles("region", "median commit latency (ms)");
        int colour = 0;
        for (Protocol protocol : protocols(panel)) {
            List<ChartPoint> line = new ArrayList<>();
            for (MatrixRegion region : regions) {
                find(panel, protocol, region).map(p -> p.latency().p50Millis()).filter(Double::isFinite)
                        .ifPresent(y -> line.add(new ChartPoint(region.index(), y)));
            }
            if (!line.isEmpty()) {
                chart.series(new LineSeries(protocol.name(), Palette.colour(colour), line));
            }
            colour++;
        }
        chart.series(new LineSeries(BOUND_LINE, Rule.GUIDE_COLOUR,
                regions.stream().map(r -> new ChartPoint(r.index(), r.boundMillis())).toList()));
        return chart.build();
    }

    private Optional<RegionPoint> find(LatencyPanel panel, Protocol protocol, MatrixRegion region) {
        return points.stream().filter(p -> p.panel().equals(panel) && p.protocol().equals(protocol)
                && p.region().index() == region.index()).findFirst();
    }

    /** The panels in the order they were measured. */
    private Set<LatencyPanel> panels() {
        Set<LatencyPanel> s = new LinkedHashSet<>();
        points.forEach(p -> s.add(p.panel()));
        return s;
    }

    /** The protocols measured on {@code panel}, in the order they were measured. */
    private Set<Protocol> protocols(LatencyPanel panel) {
        Set<Protocol> s = new LinkedHashSet<>();
        points.stream().filter(p -> p.panel().equals(panel)).forEach(p -> s.add(p.protocol()));
        return s;
    }

    private static String ratio(double r) {
        return Double.isFinite(r) ? String.format(Locale.ROOT, "%.2f", r) : DisplayFormat.MISSING;
    }
}
