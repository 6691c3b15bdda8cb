package io.catena.lab.report;

import java.util.List;
import java.util.stream.Collectors;

/**
 * A run summary as plain text for a terminal: the title, the configuration, one row per region
 * (p50/p99 commit latency per class, Helios bound, throughput, abort rate, speculation success),
 * a total row, how transactions ended, and the checks.
 *
 * <p>Only ASCII is written apart from names the summary holds: checks read {@code PASS} and
 * {@code FAIL}, which show in any terminal and are easy to grep for in a CI log.
 */
public final class SummaryTable {

    private SummaryTable() {
    }

    /** The whole summary, each line ending in {@code \n}. */
    public static String render(RunSummary run) {
        StringBuilder out = new StringBuilder();
        out.append(run.title()).append('\n');
        if (!run.facts().isEmpty()) {
            out.append(facts(run.facts())).append('\n');
        }
        out.append('\n');
        out.append(table(SummaryGrid.of(run)));
        out.append('\n');
        out.append("outcomes: ").append(outcomes(run.total().outcomes())).append('\n');
        for (Check check : run.checks()) {
            out.append(check.passed() ? "PASS  " : "FAIL  ").append(check.description()).append('\n');
        }
        out.append(verdict(run.checks())).append('\n');
        return out.toString();
    }

    /** The configuration on one line: {@code preset: gcp3 | epoch: 10 ms | ...}. */
    static String facts(List<ConfigFact> facts) {
        return facts.stream().map(f -> f.name() + ": " + f.value()).collect(Collectors.joining(" | "));
    }

    /**
     * How transactions ended: {@code 36,912 committed, 402 aborted (balance >= N failed: 398; ...),
     * 0 rejected, 0 dropped, 0 unknown}.
     */
    static String outcomes(OutcomeCounts o) {
        StringBuilder line = new StringBuilder();
        line.append(DisplayFormat.count(o.committed())).append(" committed, ");
        line.append(DisplayFormat.count(o.aborted())).append(" aborted");
        if (!o.abortedByReason().isEmpty()) {
            line.append(" (").append(reasons(o)).append(')');
        }
        line.append(", ").append(DisplayFormat.count(o.rejected())).append(" rejected, ");
        line.append(DisplayFormat.count(o.dropped())).append(" dropped, ");
        line.append(DisplayFormat.count(o.unknown())).append(" unknown");
        return line.toString();
    }

    /** The checks in one line: {@code checks: all 2 passed} or {@code checks: 1 of 2 FAILED}. */
    static String verdict(List<Check> checks) {
        long failed = checks.stream().filter(c -> !c.passed()).count();
        if (checks.isEmpty()) {
            return "checks: none";
        }
        return failed == 0 ? "checks: all " + checks.size() + " passed"
                : "checks: " + failed + " of " + checks.size() + " FAILED";
    }

    private static String table(SummaryGrid grid) {
        TextTable table = new TextTable(grid.columns());
        grid.regionRows().forEach(table::row);
        return table.rule().row(grid.totalRow()).render();
    }

    /**
     * Abort reasons as {@code reason: count}, most frequent first, apart by semicolons, as a reason
     * may hold a comma; empty when none.
     */
    static String reasons(OutcomeCounts o) {
        return o.reasonsByFrequency().stream().map(e -> e.getKey() + ": " + DisplayFormat.count(e.getValue()))
                .collect(Collectors.joining("; "));
    }
}
