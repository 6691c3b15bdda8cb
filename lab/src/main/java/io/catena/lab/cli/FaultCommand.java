package io.catena.lab.cli;

import io.catena.lab.fault.FaultChart;
import io.catena.lab.fault.FaultOptions;
import io.catena.lab.fault.FaultReport;
import io.catena.lab.fault.FaultRun;
import io.catena.lab.fault.FaultScenario;
import io.catena.lab.fault.FaultScenarios;
import io.catena.server.cli.Logging;
import io.catena.server.config.TimeSpan;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Iterator;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code catena fault}: one scripted fault on three regions of real processes, under load, checked. */
@Command(name = "fault", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Start three regions as processes on this machine with every inter-region connection "
                + "through a Toxiproxy proxy that carries the WAN's latency (gcp3), run the bank workload, apply "
                + "SCENARIO and heal it; then check the history, the money and that the regions end identical, "
                + "and print the latency/throughput timeline (also written as CSV, and as an SVG chart beside it). "
                + "Exit status 0 if every check passed, 1 (with the command that replays the run) if not. "
                + "With --chart-from, draw the chart of an earlier run's CSV file instead of running. "
                + "docs/FAULTS.md describes each scenario."})
public final class FaultCommand implements Callable<Integer> {

    @Parameters(index = "0", arity = "0..1", paramLabel = "SCENARIO", completionCandidates = ScenarioNames.class,
            description = "one of: ${COMPLETION-CANDIDATES}")
    String scenario;

    @Option(names = "--region", defaultValue = "europe-west1",
            description = "the region the fault hits (default: ${DEFAULT-VALUE})")
    String region;

    @Option(names = "--fault-tolerance", defaultValue = "0",
            description = "the regions' faultTolerance, 0 or 1 (default: ${DEFAULT-VALUE})")
    int faultTolerance;

    @Option(names = "--before", defaultValue = "10s", converter = TimeSpanConverter.class,
            description = "load before the fault (default: ${DEFAULT-VALUE})")
    TimeSpan before;

    @Option(names = "--fault-for", defaultValue = "10s", converter = TimeSpanConverter.class,
            description = "how long the fault (each step of it) lasts; a request that outlives the client's 20s "
                    + "budget is looked up by its id, and the run counts it (default: ${DEFAULT-VALUE})")
    TimeSpan faultFor;

    @Option(names = "--after", defaultValue = "15s", converter = TimeSpanConverter.class,
            description = "load after the heal (default: ${DEFAULT-VALUE})")
    TimeSpan after;

    @Option(names = "--clients", defaultValue = "8",
            description = "closed-loop clients per region (default: ${DEFAULT-VALUE})")
    int clients;

    @Option(names = "--seed", defaultValue = "7", description = "seed of the clients' transactions (default: "
            + "${DEFAULT-VALUE})")
    long seed;

    @Option(names = "--workload", defaultValue = "bank:accounts=200,audit=0.01,lookup=0.2,split=0.25",
            description = "a bank workload as the simulator names it (default: ${DEFAULT-VALUE})")
    String workload;

    @Option(names = "--dir", paramLabel = "DIR",
            description = "where the processes' files, journals, output and the history go, new or empty "
                    + "(default: a new directory under the system's temporary directory)")
    Path dir;

    @Option(names = "--report", paramLabel = "FILE",
            description = "the timeline's CSV file, with its chart beside it (default: catena-fault-SCENARIO.csv "
                    + "and .svg); with --chart-from, the chart's SVG file (default: beside the CSV file)")
    Path report;

    @Option(names = "--chart-from", paramLabel = "CSV",
            description = "run nothing: draw the chart of the timeline a run wrote to CSV (its --report)")
    Path chartFrom;

    @Option(names = "--repeat", defaultValue = "1", description = "with kill-leader and pause-leader: make the fault "
            + "this many times, --fault-for apart, for failover figures over several (default: ${DEFAULT-VALUE})")
    int repeat;

    @Option(names = {"-v", "--verbose"}, description = "show stack traces on errors")
    boolean verbose;

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        Logging.quiet(!verbose);
        if (chartFrom != null) {
            return drawChart();
        }
        if (scenario == null) {
            throw new ParameterException(spec.commandLine(), "name a SCENARIO to run (one of "
                    + String.join(", ", new ScenarioNames()) + "), or chart an earlier run with --chart-from CSV");
        }
        FaultScenario chosen = FaultScenarios.named(scenario);
        FaultOptions options = new FaultOptions(scenario, region, faultTolerance, duration(before),
                duration(faultFor), duration(after), clients, seed, workload,
                dir != null ? dir : Files.createTempDirectory("catena-fault-" + scenario + "-"),
                report != null ? report : Path.of("catena-fault-" + scenario + ".csv"), repeat);
        PrintWriter out = spec.commandLine().getOut();
        try {
            FaultReport result = new FaultRun(chosen, options, out).run();
            result.writeChart(FaultChart.beside(options.report()));
            return result.passed() ? 0 : 1;
        } catch (Exception e) {
            spec.commandLine().getErr().println("replay: " + options.replayCommand());
            throw e;
        }
    }

    /** Draws the chart of an earlier run from its CSV file, and says where it went. */
    private int drawChart() throws IOException {
        if (scenario != null) {
            throw new ParameterException(spec.commandLine(), "--chart-from draws the chart of an earlier run: "
                    + "leave out the SCENARIO (" + scenario + ")");
        }
        Path svg = report != null ? report : FaultChart.beside(chartFrom);
        FaultChart.drawFromCsv(chartFrom, svg);
        spec.commandLine().getOut().println("chart: " + svg.toAbsolutePath());
        return 0;
    }

    private static Duration duration(TimeSpan span) {
        return Duration.ofNanos(span.micros() * 1_000);
    }

    /** The scenarios' names, for the help: a scenario added to {@link FaultScenarios#ALL} is listed. */
    static final class ScenarioNames implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return FaultScenarios.ALL.stream().map(FaultScenario::name).iterator();
        }
    }
}
