package io.catena.lab.cli;

import io.catena.server.cli.Logging;
import io.catena.server.config.TimeSpan;
import io.catena.lab.demo.ClusterShape;
import io.catena.lab.demo.DemoOptions;
import io.catena.lab.demo.DemoRun;
import io.catena.lab.demo.InProcessRegions;
import io.catena.lab.demo.LoadOptions;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code catena demo}: three regions on this machine, serializable transactions over an emulated WAN. */
@Command(name = "demo", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Start a multi-region cluster in this process on the embedded store, with the WAN emulated "
                + "from a latency matrix; run a mixed bank workload (transfers, three-account updates, read-only "
                + "balance checks and audits) through the client library; then check the history, the money and "
                + "the regions' state, print a per-region table and write an HTML report."})
public final class DemoCommand implements Callable<Integer> {

    static final String DEFAULT_WORKLOAD = "bank:accounts=1000,audit=0.01,lookup=0.2,split=0.25";

    @Option(names = "--duration", defaultValue = "30s", converter = TimeSpanConverter.class,
            description = "how long clients run, e.g. 30s, 2m (default: ${DEFAULT-VALUE})")
    TimeSpan duration;

    @Option(names = "--workload", defaultValue = DEFAULT_WORKLOAD,
            description = "workload as the simulator names it (default: ${DEFAULT-VALUE})")
    String workload;

    @Option(names = "--clients", defaultValue = "40",
            description = "closed-loop clients per region (default: ${DEFAULT-VALUE})")
    int clients;

    @Option(names = "--report", paramLabel = "FILE", defaultValue = "catena-demo-report.html",
            description = "where to write the HTML report (default: ${DEFAULT-VALUE})")
    Path report;

    @Option(names = "--no-browser", description = "do not try to open the report in a browser")
    boolean noBrowser;

    @Option(names = "--failover", description = "run the first region's coordinator with a standby, elected through "
            + "a local ZooKeeper server, crash its leader halfway through the run as kill -9 would, and report the "
            + "takeover and the gap its clients saw")
    boolean failover;

    @Option(names = {"-v", "--verbose"}, description = "log what the nodes do, and show stack traces on errors")
    boolean verbose;

    @Mixin
    ClusterShapeOptions shape;

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        Logging.quiet(!verbose);
        // The demo shows a fresh cluster from its first transaction: no warm-up.
        LoadOptions load = new LoadOptions(workload, clients, TimeSpan.ofMicros(0), duration, shape.seed);
        DemoOptions options = new DemoOptions("demo", load, shape.historyOut, report, !noBrowser, false);
        ClusterShape cluster = shape.shape();
        return new DemoRun(new InProcessRegions(cluster, failover), options, spec.commandLine().getOut()).run();
    }
}
