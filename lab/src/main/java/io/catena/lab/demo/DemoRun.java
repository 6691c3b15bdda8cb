package io.catena.lab.demo;

import io.catena.client.Connection;
import io.catena.harness.check.HistoryHeader;
import io.catena.harness.run.RunHeader;
import io.catena.harness.workload.Workload;
import io.catena.harness.workload.WorkloadSpec;
import io.catena.lab.load.ConnectionGateway;
import io.catena.lab.load.LoadDriver;
import io.catena.lab.load.TimedLoad;
import io.catena.lab.load.TxnGateway;
import io.catena.lab.report.BrowserLauncher;
import io.catena.lab.report.Check;
import io.catena.lab.report.ConfigFact;
import io.catena.lab.report.HtmlReport;
import io.catena.lab.report.RunRecorder;
import io.catena.lab.report.RunSummary;
import io.catena.lab.report.SummaryTable;
import io.catena.server.host.MicrosClock;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code catena demo} and {@code catena bench}, with or without {@code --url}: drives the workload
 * through the client library, one connection per region, for the run's duration with a progress
 * bar, audits the result (history, and for regions in this process money and identical regions) and
 * reports it as a table and an HTML page. Where the regions are is the {@link RunRegions} given,
 * which the run opens and closes.
 */
public final class DemoRun {

    private static final Duration QUIESCE_TIMEOUT = Duration.ofSeconds(30);
    private static final long THROUGHPUT_INTERVAL_MICROS = 1_000_000;

    private final RunRegions regions;
    private final DemoOptions options;
    private final PrintWriter out;

    public DemoRun(RunRegions regions, DemoOptions options, PrintWriter out) {
        this.regions = regions;
        this.options = options;
        this.out = out;
    }

    /** Runs the demo; the exit status is 0 when every check passed. */
    public int run() throws IOException, InterruptedException {
        RunSummary summary = execute();
        out.println();
        out.print(SummaryTable.render(summary));
        writeReport(summary);
        return summary.allChecksPassed() ? 0 : 1;
    }

    /** Opens the regions, runs the clients (progress goes to the output) and returns what was measured and checked. */
    public RunSummary execute() throws IOException, InterruptedException {
        LoadOptions load = options.load();
        WorkloadSpec spec = WorkloadSpec.parse(load.workload());
        Workload workload = spec.create(load.seed());
        out.println(regions.headline(options.command(), "workload " + workload.name()));
        try (regions) {
            RunSummary summary = drive(regions.open(RunDatabase.of(workload), out), spec, workload);
            if (!options.storeFloor()) {
                return summary;
            }
            List<ConfigFact> facts = new ArrayList<>(summary.facts());
            // A fresh workload: the run's has drawn its transactions already.
            facts.addAll(regions.storeFloor(spec.create(load.seed()), load.seed(),
                    summary.total().throughputPerSecond(), out));
            return new RunSummary(summary.title(), facts, summary.regions(), summary.checks());
        }
    }

    private RunSummary drive(List<Connection> connections, WorkloadSpec spec, Workload workload)
            throws IOException, InterruptedException {
        LoadOptions load = options.load();
        List<String> names = regions.names();
        List<TxnGateway> gateways = new ArrayList<>();
        connections.forEach(c -> gateways.add(new ConnectionGateway(c)));
        RunCosts costs = regions.costs();
        long start = MicrosClock.system().nowMicros() + load.warmup().micros();
        RunRecorder recorder = new RunRecorder(names, start, THROUGHPUT_INTERVAL_MICROS);
        try (LoadDriver driver = new LoadDriver(workload, names, gateways, recorder, true)) {
            Duration measured = Duration.ofNanos(load.duration().micros() * 1_000);
            TimedLoad.run(driver, recorder, measured, load.clientsPerRegion(), load.seed(), out, () -> {
                costs.start();
                regions.measuring(measured);
            });
            long end = MicrosClock.system().nowMicros();
            List<ConfigFact> facts = new ArrayList<>(regions.facts());
            facts.addAll(regions.drillFacts(driver.history(), start));
            facts.addAll(load.facts());
            facts.addAll(costs.facts(recorder.committed()));
            HistoryHeader header = RunHeader.of(spec.toString(), workload, names);
            DemoAudit audit = DemoAudit.of(regions.cluster(), header, workload, driver, QUIESCE_TIMEOUT);
            if (options.historyOut() != null) {
                audit.writeHistory(options.historyOut());
                out.println("history: " + driver.historySize() + " transactions written to " + options.historyOut());
            }
            List<Check> checks = new ArrayList<>(audit.checks());
            checks.addAll(regions.drillChecks(driver.history()));
            return new RunSummary("catena " + options.command() + ": " + names.size() + " regions, "
                    + workload.name(), facts, audit.regionSummaries(recorder.summarize(end), regions.matrix()),
                    checks);
        }
    }

    private void writeReport(RunSummary summary) throws IOException {
        if (options.report() == null) {
            return;
        }
        Path file = HtmlReport.write(summary, options.report());
        if (options.openBrowser()) {
            BrowserLauncher.forThisMachine().open(file, out);
        } else {
            out.println("report: " + file.toAbsolutePath().toUri());
        }
    }
}
