package io.catena.lab.eval;

import io.catena.core.protocol.Protocol;
import io.catena.lab.report.svg.ChartPoint;
import io.catena.lab.report.svg.LineSeries;
import io.catena.lab.report.svg.LinearScale;
import io.catena.lab.report.svg.Palette;
import io.catena.lab.report.svg.SvgChart;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.ToDoubleFunction;

/**
 * The points of one figure, and what they become: a CSV file, one chart per panel and metric
 * (throughput, median latency, abort rate against the x axis, a line per protocol), a table, and
 * Catena's ratios to the baselines measured in the same command.
 */
public final class EvalResults implements EvalReport {

    private final String figure;
    private final String xTitle;
    private final List<EvalPoint> points = new ArrayList<>();

    /**
     * @param figure the file name stem, e.g. {@code fig5-micro}
     * @param xTitle what the x axis counts, e.g. {@code clients per region}
     */
    public EvalResults(String figure, String xTitle) {
        this.figure = figure;
        this.xTitle = xTitle;
    }

    public void add(EvalPoint p) {
        points.add(p);
    }

    public List<EvalPoint> points() {
        return List.copyOf(points);
    }

    @Override
    public boolean allChecksPassed() {
        return points.stream().allMatch(EvalPoint::checksPassed);
    }

    @Override
    public String figure() {
        return figure;
    }

    @Override
    public String csv() {
        StringBuilder s = new StringBuilder("panel,protocol,x,committed,per_second,p50_ms,p99_ms,abort_rate,checks_passed\n");
        for (EvalPoint p : points) {
            s.append(String.format(Locale.ROOT, "%s,%s,%s,%d,%.2f,%.2f,%.2f,%.4f,%b%n", p.panel(), p.protocol(),
                    number(p.x()), p.committed(), p.perSecond(), p.p50Millis(), p.p99Millis(), p.abortRate(),
                    p.checksPassed()));
        }
        return s.toString();
    }

    /** Per panel: throughput, median latency and abort rate against the x axis. */
    @Override
    public Map<String, SvgChart> charts() {
        Map<String, SvgChart> charts = new LinkedHashMap<>();
        for (String panel : panels()) {
            charts.put(panel + "-throughput", chart(panel, "throughput", "transactions per second", EvalPoint::perSecond));
            charts.put(panel + "-latency", chart(panel, "latency", "median commit latency (ms)", EvalPoint::p50Millis));
            charts.put(panel + "-aborts", chart(panel, "aborts", "abort rate (%)", p -> 100 * p.abortRate()));
        }
        return charts;
    }

    private SvgChart chart(String panel, String metric, String yTitle, ToDoubleFunction<EvalPoint> value) {
        List<EvalPoint> mine = points.stream().filter(p -> p.panel().equals(panel)).toList();
        double maxX = mine.stream().mapToDouble(EvalPoint::x).max().orElse(1);
        double maxY = mine.stream().mapToDouble(value).filter(Double::isFinite).max().orElse(1);
        SvgChart.Builder chart = SvgChart.builder(panel + ": " + metric, LinearScale.covering(0, maxX, 6),
                LinearScale.covering(0, Math.max(maxY, 1e-9), 5)).axisTitles(xTitle, yTitle);
        int i = 0;
        for (Protocol protocol : protocols()) {
            List<ChartPoint> line = new ArrayList<>();
            for (EvalPoint p : mine) {
                double y = value.applyAsDouble(p);
                if (p.protocol().equals(protocol) && Double.isFinite(y)) {
                    line.add(new ChartPoint(p.x(), y));
                }
            }
            if (!line.isEmpty()) {
                chart.series(new LineSeries(protocol.name(), Palette.colour(i), line));
            }
            i++;
        }
        return chart.build();
    }

    /** Every point as a row, then Catena's ratios to each baseline at the same panel and x. */
    @Override
    public String table() {
        StringBuilder s = new StringBuilder();
        s.append(String.format(Locale.ROOT, "%-22s %-8s %8s %10s %9s %9s %8s  %s%n", "panel", "protocol", "x", "txn/s",
                "p50 ms", "p99 ms", "aborts", "checks"));
        for (EvalPoint p : points) {
            s.append(String.format(Locale.ROOT, "%-22s %-8s %8s %,10.1f %9s %9s %7.1f%%  %s%n", p.panel(), p.protocol(),
                    number(p.x()), p.perSecond(), millis(p.p50Millis()), millis(p.p99Millis()), 100 * p.abortRate(),
                    p.checksPassed() ? "pass" : "FAIL"));
        }
        String ratios = ratios();
        if (!ratios.isEmpty()) {
            s.append(System.lineSeparator()).append("catena against the baselines (same panel and x; throughput ratio, "
                    + "median latency ratio):").append(System.lineSeparator()).append(ratios);
        }
        return s.toString();
    }

    private String ratios() {
        StringBuilder s = new StringBuilder();
        for (EvalPoint c : points) {
            if (!c.protocol().equals(Protocol.CATENA)) {
                continue;
            }
            List<String> parts = new ArrayList<>();
            for (Protocol b : baselines()) {
                find(c.panel(), b, c.x()).ifPresent(p -> parts.add(String.format(Locale.ROOT,
                        "%s %s× throughput, %s× latency", b.name(), ratio(c.perSecond(), p.perSecond()),
                        ratio(c.p50Millis(), p.p50Millis()))));
            }
            if (!parts.isEmpty()) {
                s.append(String.format(Locale.ROOT, "  %-22s x=%-6s vs %s%n", c.panel(), number(c.x()),
                        String.join("; vs ", parts)));
            }
        }
        return s.toString();
    }

    private Optional<EvalPoint> find(String panel, Protocol protocol, double x) {
        return points.stream().filter(p -> p.panel().equals(panel) && p.protocol().equals(protocol) && p.x() == x).findFirst();
    }

    private Set<String> panels() {
        Set<String> s = new LinkedHashSet<>();
        points.forEach(p -> s.add(p.panel()));
        return s;
    }

    /** The protocols Catena is held against, by name, so that the ratios' order is that of no run. */
    private List<Protocol> baselines() {
        return protocols().stream().filter(p -> !p.equals(Protocol.CATENA)).sorted(Comparator.comparing(Protocol::name))
                .toList();
    }

    private Set<Protocol> protocols() {
        Set<Protocol> s = new LinkedHashSet<>();
        points.forEach(p -> s.add(p.protocol()));
        return s;
    }

    private static String ratio(double a, double b) {
        return b == 0 || !Double.isFinite(a) || !Double.isFinite(b) ? "-" : String.format(Locale.ROOT, "%.2f", a / b);
    }

    private static String millis(double m) {
        return Double.isFinite(m) ? String.format(Locale.ROOT, "%.1f", m) : "-";
    }

    private static String number(double x) {
        return x == Math.rint(x) ? Long.toString((long) x) : String.format(Locale.ROOT, "%.1f", x);
    }
}
