package io.catena.lab.bench;

import io.catena.client.Connection;
import io.catena.client.ConnectionUrl;
import io.catena.lab.demo.RunCosts;
import io.catena.server.host.MicrosClock;
import io.catena.lab.load.ConnectionGateway;
import io.catena.lab.load.HistoryFile;
import io.catena.lab.load.LoadDriver;
import io.catena.lab.load.RemoteRegion;
import io.catena.lab.load.TimedLoad;
import io.catena.lab.load.TxnGateway;
import io.catena.lab.report.Check;
import io.catena.lab.report.ConfigFact;
import io.catena.lab.report.RunRecorder;
import io.catena.lab.report.RunSummary;
import io.catena.harness.check.CheckReport;
import io.catena.harness.check.HistoryChecker;
import io.catena.harness.check.HistoryEvent;
import io.catena.harness.check.HistoryHeader;
import io.catena.harness.check.TxnOutcome;
import io.catena.harness.workload.WorkloadSpec;
import io.catena.harness.run.RunHeader;
import io.catena.harness.workload.Workload;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code catena bench --url ...}: drives a workload against a running cluster through the client
 * library, one connection per region, and checks what the clients saw: the history serializable
 * (and, for the bank, every audit seeing the whole sum), every transaction answered. The regions'
 * stores are out of reach from here, so comparing their state is left to the regions' operators.
 */
public final class RemoteBench {

    private final BenchSettings settings;
    private final PrintWriter out;

    public RemoteBench(BenchSettings settings, PrintWriter out) {
        this.settings = settings;
        this.out = out;
    }

    /** Runs the benchmark; the exit status is 0 when every check passed. */
    public RunSummary run() throws IOException, InterruptedException {
        WorkloadSpec spec = WorkloadSpec.parse(settings.workload());
        Workload workload = spec.create(settings.seed());
        List<String> regions = new ArrayList<>();
        List<Connection> connections = new ArrayList<>();
        try {
            List<TxnGateway> gateways = new ArrayList<>();
            for (String url : settings.urls()) {
                ConnectionUrl parsed = ConnectionUrl.parse(url);
                regions.add(parsed.region());
                connections.add(RemoteRegion.connect(parsed));
                gateways.add(new ConnectionGateway(connections.get(connections.size() - 1)));
            }
            out.printf("catena bench: %d regions (%s), workload %s%n", regions.size(), String.join(", ", regions),
                    workload.name());
            RunCosts costs = RunCosts.clientsOnly();
            long start = MicrosClock.system().nowMicros() + settings.warmup().toNanos() / 1_000;
            RunRecorder recorder = new RunRecorder(regions, start, 1_000_000);
            try (LoadDriver driver = new LoadDriver(workload, regions, gateways, recorder, true)) {
                TimedLoad.run(driver, recorder, settings.duration(), settings.clientsPerRegion(), settings.seed(), out,
                        costs::start);
                long end = MicrosClock.system().nowMicros();
                List<ConfigFact> facts = new ArrayList<>(settings.facts());
                facts.addAll(costs.clientFacts(recorder.committed()));
                List<HistoryEvent> history = driver.history();
                HistoryHeader header = RunHeader.of(spec.toString(), workload, regions);
                if (settings.historyOut() != null) {
                    HistoryFile.write(header, history, settings.historyOut());
                    out.println("history: " + history.size() + " transactions written to " + settings.historyOut());
                }
                return new RunSummary("catena bench: " + regions.size() + " regions, " + workload.name(), facts,
                        recorder.summarize(end), checks(header, history));
            }
        } finally {
            connections.forEach(Connection::close);
        }
    }

    /** Checks the history as its file would be checked: the regions' final states are out of reach. */
    private static List<Check> checks(HistoryHeader header, List<HistoryEvent> history) {
        CheckReport report = HistoryChecker.builder().header(header).build().check(history);
        long unknown = history.stream().filter(e -> e.outcome() == TxnOutcome.UNKNOWN).count();
        return List.of(
                report.valid()
                        ? Check.pass(String.format(Locale.ROOT, "serializable: %,d transactions checked, no anomalies",
                                history.size()))
                        : Check.fail("history check: " + report.summaryLine()),
                unknown == 0 ? Check.pass("every transaction was answered")
                        : Check.fail(String.format(Locale.ROOT, "%,d transactions have no known outcome", unknown)));
    }

    /**
     * What to run against which cluster.
     *
     * @param urls             one connection URL per region
     * @param workload         the workload, as the simulator names it
     * @param duration         how long clients issue transactions
     * @param clientsPerRegion closed-loop clients per region
     * @param seed             seeds the clients' draws
     * @param historyOut       where to write the history, or null
     * @param facts            what the report's header says about the setup
     */
    public record BenchSettings(List<String> urls, String workload, Duration warmup, Duration duration,
                                int clientsPerRegion, long seed, Path historyOut, List<ConfigFact> facts) {
    }
}
