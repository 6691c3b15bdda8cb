package io.catena.lab.fault;

import io.catena.client.Catena;
import io.catena.client.Connection;
import io.catena.core.wan.LatencyMatrix;
import io.catena.harness.check.HistoryEvent;
import io.catena.harness.run.RunHeader;
import io.catena.harness.workload.Workload;
import io.catena.harness.workload.WorkloadSpec;
import io.catena.lab.load.ConnectionGateway;
import io.catena.lab.load.HistoryFile;
import io.catena.lab.load.LoadDriver;
import io.catena.lab.report.Check;
import io.catena.lab.report.RunRecorder;
import io.catena.server.host.MicrosClock;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * One run of {@code catena fault}: three regions as real processes with the WAN of the paper's
 * three regions ({@link LatencyMatrix#gcp3()}) carried by Toxiproxy, the bank workload under load
 * with its history recorded, the scenario's fault applied and healed, the load drained, the
 * processes stopped and their journals audited: the history serializable and every transaction
 * answered, the money whole in every region, the regions identical, commits after the heal.
 */
public final class FaultRun {

    /** A request's time budget: the client library's longest, so a fault of up to ~15 s leaves none unanswered. */
    private static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(20);
    private static final Duration DRAIN_TIMEOUT = Duration.ofSeconds(40);
    private static final Duration SETTLE_TIMEOUT = Duration.ofSeconds(30);
    /** How long the regions may take to catch up with each other's epochs since genesis before the load starts. */
    private static final Duration CATCH_UP_TIMEOUT = Duration.ofSeconds(120);
    /** A peer's records held this many epochs (1 s) behind a region's clock at most, for the cluster to count as caught up. */
    private static final long CAUGHT_UP_EPOCHS = 100;

    private final FaultScenario scenario;
    private final FaultOptions options;
    private final PrintWriter out;
    private final MicrosClock clock = MicrosClock.system();
    private final List<Check> checks = new ArrayList<>();
    /** Answers the clients lost, whose outcome they then looked up by request id. */
    private long resolvedByLookup;

    public FaultRun(FaultScenario scenario, FaultOptions options, PrintWriter out) {
        this.scenario = scenario;
        this.options = options;
        this.out = out;
    }

    /** Runs the scenario and audits the cluster; prints the report and writes its CSV file. */
    public FaultReport run() throws Exception {
        requireEmpty(options.dir());
        ClusterLayout layout = scenario.layout(ClusterLayout.of("catena", options.workload())
                .withFaultTolerance(options.faultTolerance()).wanThroughProxies(LatencyMatrix.gcp3()));
        Workload workload = WorkloadSpec.parse(options.workload()).create(options.seed());
        out.println("starting three regions as processes, the WAN through Toxiproxy (files in " + options.dir() + ")");
        out.flush();
        try (LocalToxiproxy toxiproxy = LocalToxiproxy.start(options.dir());
             ThreeRegionProcesses cluster = ThreeRegionProcesses.start(options.dir(), layout, toxiproxy)) {
            awaitCaughtUp(cluster);
            long startMicros = clock.nowMicros();
            FaultContext context = new FaultContext(cluster, options, clock, out);
            List<HistoryEvent> history = runLoad(cluster, workload, context, startMicros);
            checks.addAll(cluster.settleAndStop(SETTLE_TIMEOUT));
            try (ClusterJournals journals = ClusterJournals.open(cluster)) {
                checks.addAll(BankAudit.checks(options.workload(), workload, journals.states(), history));
            }
            HistoryFile.write(RunHeader.of(options.workload(), workload, ThreeRegionProcesses.REGIONS), history,
                    options.dir().resolve("history.jsonl"));
            FaultTimeline timeline = FaultTimeline.of(history, startMicros, context.marks());
            checks.add(commitsAfterHeal(timeline));
            ScenarioFindings findings = scenario.findings(history, context.marks());
            checks.addAll(findings.checks());
            List<String> lines = new ArrayList<>(findings.lines());
            lines.add("answers the clients lost and then settled by looking the request up: " + resolvedByLookup);
            FaultReport report = new FaultReport(timeline, checks, options, lines);
            report.writeCsv(options.report());
            report.print(out);
            return report;
        }
    }

    /** Waits until the regions hold each other's epochs, so the load measures the fault rather than the start. */
    private void awaitCaughtUp(ThreeRegionProcesses cluster) throws InterruptedException {
        long started = System.nanoTime();
        if (!ThreeRegionProcesses.waitFor(CATCH_UP_TIMEOUT, () -> cluster.caughtUp(CAUGHT_UP_EPOCHS))) {
            throw new IllegalStateException("the regions did not catch up with each other's epochs within "
                    + CATCH_UP_TIMEOUT.toSeconds() + " s of starting (the machine may be overloaded); see the "
                    + "processes' output in " + options.dir());
        }
        out.printf(Locale.ROOT, "regions healthy and caught up with each other's epochs %.1f s later%n",
                (System.nanoTime() - started) / 1e9);
    }

    /** A region started on an earlier run's journal would begin from its data, and the audit fail. */
    private static void requireEmpty(Path dir) throws IOException {
        Files.createDirectories(dir);
        try (Stream<Path> files = Files.list(dir)) {
            if (files.findAny().isPresent()) {
                throw new IllegalArgumentException(dir + " holds files of an earlier run: name a new or empty "
                        + "directory with --dir, or leave it out");
            }
        }
    }

    /** Runs the load around the scenario, and drains it; the history it recorded. */
    private List<HistoryEvent> runLoad(ThreeRegionProcesses cluster, Workload workload, FaultContext context,
                                       long startMicros) throws InterruptedException {
        List<String> regions = ThreeRegionProcesses.REGIONS;
        List<Connection> connections = new ArrayList<>();
        try {
            for (int i = 0; i < regions.size(); i++) {
                connections.add(Catena.connect(cluster.url(i, REQUEST_TIMEOUT)));
            }
            List<ConnectionGateway> gateways = connections.stream().map(ConnectionGateway::new).toList();
            RunRecorder recorder = new RunRecorder(regions, startMicros, 1_000_000);
            try (LoadDriver driver = new LoadDriver(workload, regions, List.copyOf(gateways), recorder, true)) {
                driver.start(options.clients(), options.seed());
                out.printf(Locale.ROOT, "load: %d clients per region, %d s before the fault%n", options.clients(),
                        options.before().toSeconds());
                context.hold(options.before());
                applyScenario(context);
                context.hold(options.after());
                driver.stopIssuing();
                checks.add(new Check("every transaction answered within " + DRAIN_TIMEOUT.toSeconds()
                        + " s of the load's end", driver.awaitDrained(DRAIN_TIMEOUT.toSeconds(), TimeUnit.SECONDS)));
                resolvedByLookup = gateways.stream().mapToLong(ConnectionGateway::resolvedByLookup).sum();
                return driver.history();
            }
        } finally {
            connections.forEach(Connection::close);
        }
    }

    private void applyScenario(FaultContext context) throws InterruptedException {
        out.println("scenario " + scenario.name() + ": " + scenario.description());
        try {
            scenario.run(context);
            checks.add(Check.pass(scenario.name() + " applied and healed; every process healthy again"));
        } catch (InterruptedException e) {
            throw e;
        } catch (Exception e) {
            checks.add(Check.fail(scenario.name() + " failed: " + e.getMessage()));
        }
    }

    /** Whether every region's clients committed again after the heal: a region still stalled fails it. */
    private static Check commitsAfterHeal(FaultTimeline timeline) {
        List<String> regions = ThreeRegionProcesses.REGIONS;
        long[] after = new long[regions.size()];
        timeline.seconds().stream().filter(s -> s.phase() == FaultTimeline.Phase.AFTER).forEach(s -> {
            for (int r = 0; r < after.length; r++) {
                after[r] += s.byRegion().get(r);
            }
        });
        StringBuilder counts = new StringBuilder();
        for (int r = 0; r < after.length; r++) {
            counts.append(r == 0 ? "" : ", ").append(regions.get(r)).append(' ').append(after[r]);
        }
        return new Check("commits after the heal: " + counts, Arrays.stream(after).allMatch(c -> c > 0));
    }
}
