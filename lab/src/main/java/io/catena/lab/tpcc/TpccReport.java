package io.catena.lab.tpcc;

import io.catena.lab.report.Check;
import io.catena.lab.report.LatencyDistribution;
import io.catena.tpcc.TpccTransaction;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The text a TPC-C run ends with: per transaction over all regions (committed, rolled back, aborted
 * for a conflict under a baseline, rate, latency percentiles), then per region (NewOrders a minute, NewOrder latency), the failures,
 * and the checks.
 */
public final class TpccReport {

    private static final String MISSING = "-";

    private final TpccOptions options;
    private final List<TpccRegionSummary> regions;
    private final TpccRegionSummary total;
    private final List<Check> checks;

    TpccReport(TpccOptions options, List<TpccRegionSummary> regions, List<Check> checks) {
        this.options = options;
        this.regions = List.copyOf(regions);
        this.total = TpccRegionSummary.combine("all regions", regions);
        this.checks = new ArrayList<>(checks);
        long failed = total.failedCount();
        this.checks.add(failed == 0 ? Check.pass("every transaction committed or rolled back as TPC-C asks")
                : Check.fail(failed + " transactions failed (see above)"));
    }

    TpccRegionSummary total() {
        return total;
    }

    List<Check> checks() {
        return List.copyOf(checks);
    }

    /** The figures of one transaction over all regions. */
    public TpccFigures figures(TpccTransaction type) {
        TpccRegionSummary.PerType p = total.types().get(type);
        double seconds = Math.max(total.measuredMicros() / 1e6, 1e-9);
        LatencyDistribution l = p.latency();
        return new TpccFigures(p.committed(), (p.committed() + p.rolledBack()) / seconds,
                l.isEmpty() ? Double.NaN : l.percentileMillis(50), l.isEmpty() ? Double.NaN : l.percentileMillis(99),
                p.abortRate());
    }

    /** Prints the report after a blank line; returns the exit status, 0 when every check passed. */
    int print(PrintWriter out) {
        out.println();
        out.print(render());
        out.flush();
        return allChecksPassed() ? 0 : 1;
    }

    public boolean allChecksPassed() {
        return checks.stream().allMatch(Check::passed);
    }

    public String render() {
        StringBuilder out = new StringBuilder();
        out.append(String.format(Locale.ROOT, "TPC-C, %d warehouses, mix %s, %d terminals per region, %s measured"
                        + " after %s of warm-up, seed %d%n%n", options.scale().warehouses(), options.mix(),
                options.terminalsPerRegion(), options.duration(), options.warmup(), options.seed()));
        out.append(String.format(Locale.ROOT, "%-14s %10s %12s %16s %9s %9s %9s %9s%n", "transaction", "committed",
                "rolled back", "aborted", "per s", "p50 ms", "p99 ms", "max ms"));
        double seconds = total.measuredMicros() / 1e6;
        for (Map.Entry<TpccTransaction, TpccRegionSummary.PerType> e : sortedTypes(total)) {
            TpccRegionSummary.PerType p = e.getValue();
            LatencyDistribution l = p.latency();
            out.append(String.format(Locale.ROOT, "%-14s %,10d %,12d %16s %9.1f %9s %9s %9s%n", e.getKey().label(),
                    p.committed(), p.rolledBack(), p.aborted() == 0 ? "0" : String.format(Locale.ROOT, "%,d (%.1f%%)",
                            p.aborted(), 100 * p.abortRate()),
                    (p.committed() + p.rolledBack()) / Math.max(seconds, 1e-9),
                    millis(l, 50), millis(l, 99), l.isEmpty() ? MISSING : fmt(l.maxMillis())));
        }
        out.append(System.lineSeparator());
        out.append(String.format(Locale.ROOT, "%-16s %10s %9s %16s %16s %9s%n", "region", "tpmC", "txn/s",
                "new-order p50 ms", "new-order p99 ms", "failed"));
        List<TpccRegionSummary> rows = new ArrayList<>(regions);
        rows.add(total);
        for (TpccRegionSummary r : rows) {
            LatencyDistribution l = r.types().get(TpccTransaction.NEW_ORDER).latency();
            out.append(String.format(Locale.ROOT, "%-16s %,10.0f %9.1f %16s %16s %,9d%n", r.region(),
                    r.newOrdersPerMinute(), r.perSecond(), millis(l, 50), millis(l, 99), r.failedCount()));
        }
        if (!total.failures().isEmpty()) {
            out.append(System.lineSeparator()).append("failures:").append(System.lineSeparator());
            total.failures().entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach(e -> out.append(
                    String.format(Locale.ROOT, "  %,d × %s%n", e.getValue(), e.getKey())));
        }
        out.append(System.lineSeparator());
        int passed = 0;
        for (Check c : checks) {
            out.append(c.passed() ? "PASS  " : "FAIL  ").append(c.description()).append(System.lineSeparator());
            passed += c.passed() ? 1 : 0;
        }
        out.append(passed == checks.size() ? "checks: all " + passed + " passed"
                : "checks: " + (checks.size() - passed) + " of " + checks.size() + " failed").append(System.lineSeparator());
        return out.toString();
    }

    private static List<Map.Entry<TpccTransaction, TpccRegionSummary.PerType>> sortedTypes(TpccRegionSummary s) {
        List<Map.Entry<TpccTransaction, TpccRegionSummary.PerType>> out = new ArrayList<>();
        for (TpccTransaction t : TpccTransaction.values()) {
            out.add(Map.entry(t, s.types().get(t)));
        }
        return out;
    }

    private static String millis(LatencyDistribution l, double percentile) {
        return l.isEmpty() ? MISSING : fmt(l.percentileMillis(percentile));
    }

    private static String fmt(double millis) {
        return String.format(Locale.ROOT, "%.1f", millis);
    }
}
