package io.catena.lab.cli;

import io.catena.server.cli.Logging;
import io.catena.server.config.TimeSpan;
import io.catena.client.ConnectionUrl;
import io.catena.lab.demo.DemoOptions;
import io.catena.lab.demo.DemoRun;
import io.catena.lab.demo.InProcessRegions;
import io.catena.lab.demo.LoadOptions;
import io.catena.lab.demo.RemoteRegions;
import io.catena.lab.demo.RunRegions;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code catena bench}: a workload against a cluster, with a progress bar and the demo's summary. */
@Command(name = "bench", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Drive a workload through the client library and print per-region latency by transaction "
                + "class, throughput, aborts, CPU per transaction and the checks of the client-observed history.",
                "With --url (once per region) it runs against a running cluster; without, it starts one in this "
                        + "process on the embedded store, like catena demo, and also compares the regions' state."})
public final class BenchCommand implements Callable<Integer> {

    static final String DEFAULT_WORKLOAD = "kv:records=100000,min=3,max=3,writes=blind";

    @Option(names = "--url", paramLabel = "URL",
            description = "a region of a running cluster, e.g. catena://127.0.0.1:7101/local?region=us-central1; "
                    + "give one per region (the cluster must hold the workload's rows: start regions with --preload)")
    List<String> urls;

    @Option(names = "--warmup", defaultValue = "60s", converter = TimeSpanConverter.class,
            description = "how long clients run before the measured run; their transactions are checked "
                    + "but not measured, while the JIT compiles the hot paths (it settles after about a "
                    + "minute on 2 cores) (default: ${DEFAULT-VALUE}; 0s for none)")
    TimeSpan warmup;

    @Option(names = "--duration", defaultValue = "60s", converter = TimeSpanConverter.class,
            description = "how long the measured run lasts (default: ${DEFAULT-VALUE})")
    TimeSpan duration;

    @Option(names = "--workload", defaultValue = DEFAULT_WORKLOAD,
            description = "workload as the simulator names it (default: ${DEFAULT-VALUE}: 3-key read-write "
                    + "transactions over 100,000 records, uniform)")
    String workload;

    @Option(names = "--clients", defaultValue = "240",
            description = "closed-loop clients per region; a client waits for its answer before its next "
                    + "transaction, so WAN latency times this many is what keeps the cluster busy; the "
                    + "default loads the in-process cluster to about 5,000 txn/s on 2 cores, more finds "
                    + "its peak (default: ${DEFAULT-VALUE})")
    int clients;

    @Option(names = "--report", paramLabel = "FILE", description = "also write an HTML report to FILE")
    Path report;

    @Option(names = {"-v", "--verbose"}, description = "log what the nodes do, and show stack traces on errors")
    boolean verbose;

    @Mixin
    ClusterShapeOptions shape;

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        Logging.quiet(!verbose);
        LoadOptions load = new LoadOptions(workload, clients, warmup, duration, shape.seed);
        // The store floor is measured on the store servers an in-process run starts on Cassandra or HBase.
        DemoOptions options = new DemoOptions("bench", load, shape.historyOut, report, false, true);
        RunRegions regions = urls == null || urls.isEmpty()
                ? new InProcessRegions(shape.shape())
                : new RemoteRegions(urls, ConnectionUrl.DEFAULT_TIMEOUT);
        return new DemoRun(regions, options, spec.commandLine().getOut()).run();
    }
}
