package io.catena.lab.demo;

import io.catena.client.Catena;
import io.catena.client.Connection;
import io.catena.core.config.ClusterConfig;
import io.catena.core.data.ChainKey;
import io.catena.core.data.RowWrite;
import io.catena.core.id.RegionId;
import io.catena.server.cluster.InProcessCluster;
import io.catena.server.cluster.RegionStores;
import io.catena.server.config.StorageBackend;
import io.catena.server.host.MicrosClock;
import io.catena.lab.load.ConnectionGateway;
import io.catena.lab.load.LoadDriver;
import io.catena.lab.load.TimedLoad;
import io.catena.lab.load.TxnGateway;
import io.catena.lab.report.BrowserLauncher;
import io.catena.lab.report.ConfigFact;
import io.catena.lab.report.HtmlReport;
import io.catena.lab.report.RunRecorder;
import io.catena.lab.report.RunSummary;
import io.catena.lab.report.SummaryTable;
import io.catena.lab.storage.LocalStoreServers;
import io.catena.server.storage.ObservedStorageEngine;
import io.catena.server.storage.StorageMeter;
import io.catena.harness.check.HistoryHeader;
import io.catena.harness.workload.WorkloadSpec;
import io.catena.core.wan.LatencyMatrix;
import io.catena.harness.run.RunHeader;
import io.catena.harness.workload.Workload;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code catena demo}: starts a cluster in this process, drives the workload through the client
 * library for the run's duration with a progress bar, audits the result (history, money,
 * identical regions) and reports it as a table and an HTML page.
 */
public final class DemoRun {

    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(15);
    private static final Duration QUIESCE_TIMEOUT = Duration.ofSeconds(30);
    private static final long THROUGHPUT_INTERVAL_MICROS = 1_000_000;
    private static final Duration FLOOR_WARMUP = Duration.ofSeconds(10);
    private static final Duration FLOOR_DURATION = Duration.ofSeconds(30);

    private final DemoOptions options;
    private final PrintWriter out;

    public DemoRun(DemoOptions options, PrintWriter out) {
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

    /** Runs the cluster and its clients (progress goes to the output) and returns what was measured and checked. */
    public RunSummary execute() throws IOException, InterruptedException {
        LatencyMatrix matrix = DemoCluster.matrix(options.preset(), options.regions());
        List<String> names = DemoCluster.regionNames(matrix, options.regions());
        ClusterConfig protocol = ClusterConfig.builder().regions(names)
                .epochLengthMicros(options.epochLength().micros()).build();
        Workload workload = WorkloadSpec.parse(options.workload()).create(options.seed());
        out.printf("catena %s: %d regions (%s) on %s, %s, workload %s, %s store%n", options.command(),
                names.size(), String.join(", ", names),
                matrix == null ? "plain loopback" : "the " + matrix.name() + " latency matrix",
                options.protocol().isBaseline() ? "protocol " + options.protocol() + " (baseline)"
                        : options.epochLength() + " epochs",
                workload.name(), options.storage().configName());
        StorageMeter storage = new StorageMeter();
        Map<ChainKey, List<RowWrite>> rows = workload.initialData();
        InitialLoadProgress loading = new InitialLoadProgress(out, (long) rows.size() * names.size());
        try (LocalStoreServers servers = LocalStoreServers.start(options.storage(), names, out)) {
            RunSummary summary;
            try (InProcessCluster cluster = InProcessCluster.start(
                    DemoCluster.spec(protocol, matrix).withStores(metered(servers.stores(DemoCluster.CLUSTER), storage))
                            .withAlgorithm(options.protocol()),
                    rows, loading)) {
                loading.finish();
                if (!cluster.awaitConnected(CONNECT_TIMEOUT)) {
                    throw new IllegalStateException("the regions could not connect to each other within "
                            + CONNECT_TIMEOUT.toSeconds() + " s");
                }
                RunCosts costs = new RunCosts(cluster::epochMessageBytes, cluster::commitPassRedrives, servers::cpuTime,
                        storage);
                summary = drive(cluster, workload, matrix, costs);
            }
            if (options.command().equals("bench") && options.storage() != StorageBackend.MEMORY) {
                summary = withStoreFloor(summary, servers, names);
            }
            return summary;
        }
    }

    /**
     * Measures, on the same servers once the cluster has stopped, what they take with no protocol
     * at all ({@link StoreFloor}), and adds it and Catena's share of it to the summary.
     */
    private RunSummary withStoreFloor(RunSummary summary, LocalStoreServers servers, List<String> names)
            throws InterruptedException {
        out.printf("store floor: the workload's writes straight to the %s servers, %d transactions in flight, %d s"
                + " warm-up and %d s measured...%n", options.storage().configName(), StoreFloor.IN_FLIGHT,
                FLOOR_WARMUP.toSeconds(), FLOOR_DURATION.toSeconds());
        List<ConfigFact> facts = new ArrayList<>(summary.facts());
        try {
            StoreFloor.Result floor = StoreFloor.measure(servers.stores(StoreFloor.CLUSTER), names,
                    WorkloadSpec.parse(options.workload()).create(options.seed()), options.seed(), FLOOR_WARMUP,
                    FLOOR_DURATION, servers::cpuTime);
            facts.addAll(floor.facts(summary.total().throughputPerSecond()));
        } catch (RuntimeException e) {
            // Catena's run stands on its own: a floor that could not be measured is reported, not fatal.
            facts.add(new ConfigFact("store floor", "not measured: " + e.getMessage()));
        }
        return new RunSummary(summary.title(), facts, summary.regions(), summary.checks());
    }

    private static RegionStores metered(RegionStores stores, StorageMeter meter) {
        return (region, name) -> ObservedStorageEngine.of(stores.open(region, name), meter);
    }

    private RunSummary drive(InProcessCluster cluster, Workload workload, LatencyMatrix matrix, RunCosts costs)
            throws IOException, InterruptedException {
        ClusterConfig protocol = cluster.spec().protocol();
        List<Connection> connections = new ArrayList<>();
        try {
            List<TxnGateway> gateways = new ArrayList<>();
            for (RegionId r : protocol.regionIds()) {
                Connection c = Catena.connect(cluster.url(r) + "&timeout=20s");
                connections.add(c);
                gateways.add(new ConnectionGateway(c));
            }
            long start = MicrosClock.system().nowMicros() + options.warmup().micros();
            RunRecorder recorder = new RunRecorder(protocol.regions(), start, THROUGHPUT_INTERVAL_MICROS);
            try (LoadDriver driver = new LoadDriver(workload, protocol.regions(), gateways, recorder, true)) {
                TimedLoad.run(driver, recorder, Duration.ofNanos(options.duration().micros() * 1_000),
                        options.clientsPerRegion(), options.seed(), out, costs::start);
                long end = MicrosClock.system().nowMicros();
                List<ConfigFact> facts = new ArrayList<>(facts(matrix));
                facts.addAll(costs.facts(recorder.committed()));
                HistoryHeader header = RunHeader.of(WorkloadSpec.parse(options.workload()).toString(), workload,
                        protocol.regions());
                DemoAudit audit = DemoAudit.of(cluster, header, workload, driver, QUIESCE_TIMEOUT);
                if (options.historyOut() != null) {
                    audit.writeHistory(options.historyOut());
                    out.println("history: " + driver.historySize() + " transactions written to "
                            + options.historyOut());
                }
                return new RunSummary("catena " + options.command() + ": " + protocol.regionCount() + " regions, "
                        + workload.name(), facts, audit.regionSummaries(recorder.summarize(end), matrix), audit.checks());
            }
        } finally {
            connections.forEach(Connection::close);
        }
    }

    private List<ConfigFact> facts(LatencyMatrix matrix) {
        return List.of(
                new ConfigFact("latency", matrix == null ? "none (loopback)" : matrix.name()),
                new ConfigFact("epoch", options.epochLength().toString()),
                ConfigFact.duration(options.duration(), options.warmup()),
                new ConfigFact("clients", options.clientsPerRegion() + " per region"),
                new ConfigFact("workload", options.workload()),
                new ConfigFact("seed", Long.toString(options.seed())));
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
