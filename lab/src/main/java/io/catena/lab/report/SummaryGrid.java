package io.catena.lab.report;

import io.catena.harness.record.TxnClass;
import java.util.ArrayList;
import java.util.List;

/**
 * The cells of the per-region summary table, formatted once so the terminal table and the HTML
 * report show the same figures: per region, p50 and p99 commit latency (ms) of every transaction
 * class, the Helios bound, throughput, abort rate and speculation success; then a total row.
 */
final class SummaryGrid {

    private final List<GridColumn> columns;
    private final List<List<String>> regionRows;
    private final List<String> totalRow;

    private SummaryGrid(List<GridColumn> columns, List<List<String>> regionRows, List<String> totalRow) {
        this.columns = columns;
        this.regionRows = regionRows;
        this.totalRow = totalRow;
    }

    static SummaryGrid of(RunSummary run) {
        List<List<String>> rows = new ArrayList<>();
        for (RegionSummary r : run.regions()) {
            rows.add(cells(r));
        }
        return new SummaryGrid(standardColumns(), List.copyOf(rows), cells(run.total()));
    }

    List<GridColumn> columns() {
        return columns;
    }

    List<List<String>> regionRows() {
        return regionRows;
    }

    List<String> totalRow() {
        return totalRow;
    }

    private static List<GridColumn> standardColumns() {
        List<GridColumn> columns = new ArrayList<>();
        columns.add(new GridColumn("", "region", false));
        for (TxnClass c : TxnClass.values()) {
            columns.add(new GridColumn(c.label(), "p50 ms", true));
            columns.add(new GridColumn(c.label(), "p99 ms", true));
        }
        columns.add(new GridColumn("", "Helios ms", true));
        columns.add(new GridColumn("", "txn/s", true));
        columns.add(new GridColumn("", "aborts", true));
        columns.add(new GridColumn("", "spec ok", true));
        return List.copyOf(columns);
    }

    private static List<String> cells(RegionSummary r) {
        List<String> cells = new ArrayList<>();
        cells.add(r.region());
        for (TxnClass c : TxnClass.values()) {
            LatencyDistribution d = r.latency(c);
            cells.add(DisplayFormat.millis(d.percentileMillis(50)));
            cells.add(DisplayFormat.millis(d.percentileMillis(99)));
        }
        cells.add(DisplayFormat.millis(r.heliosBoundMillis()));
        cells.add(DisplayFormat.rate(r.throughputPerSecond()));
        cells.add(r.outcomes().total() == 0 ? DisplayFormat.MISSING : DisplayFormat.percent(r.outcomes().abortRate()));
        cells.add(DisplayFormat.percent(r.speculationSuccess()));
        return List.copyOf(cells);
    }
}
