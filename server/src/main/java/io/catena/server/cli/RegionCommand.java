package io.catena.server.cli;

import io.catena.core.data.ChainKey;
import io.catena.core.data.RowWrite;
import io.catena.core.protocol.Protocol;
import io.catena.server.config.ConfigFile;
import io.catena.server.config.RegionEndpoint;
import io.catena.server.config.ServerConfig;
import io.catena.server.region.RegionExtensions;
import io.catena.server.region.RegionProcess;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code catena region}: one region's nodes in this process, until it is stopped. */
@Command(name = "region", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Run one region of a multi-process cluster: its coordinator, resolver and chain servers (or, "
                + "with protocol.algorithm: 2pl or occ, a comparison baseline's node) on the store its file names, "
                + "listening for peer regions and clients, with Prometheus metrics and /health if the file gives a "
                + "metrics address. Runs until interrupted (Ctrl-C or SIGTERM).",
                "The file format and every default: deploy/local/README.md."})
public final class RegionCommand implements Callable<Integer> {

    @Option(names = "--config", required = true, paramLabel = "FILE", description = "the region's YAML configuration")
    Path config;

    @Option(names = "--region", paramLabel = "NAME", description = "run this region instead of the file's region:")
    String region;

    @Option(names = "--genesis", paramLabel = "INSTANT", converter = InstantConverter.class,
            description = "when the cluster's epoch 1 begins, e.g. 2026-11-21T09:00:00Z, instead of the file's "
                    + "genesis: (every region must be given the same)")
    Instant genesis;

    @Option(names = "--preload", paramLabel = "WORKLOAD",
            description = "for benchmarks and tests: load this workload's initial rows (e.g. bank:accounts=1000) "
                    + "into a new region's store, as catena demo does, or a TPC-C database for catena tpcc --url "
                    + "(tpcc:warehouses=2,customers=3000,items=100000,seed=1, each optional); give every region "
                    + "the same")
    String preload;

    @Option(names = {"-v", "--verbose"}, description = "log every connection and protocol event, and show stack "
            + "traces on errors")
    boolean verbose;

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        Logging.level(verbose ? "DEBUG" : "INFO");
        ServerConfig settings = region == null ? ConfigFile.load(config) : ConfigFile.load(config, region);
        if (genesis != null) {
            settings = settings.toBuilder().source(config.toString()).genesis(genesis).build();
        }
        Map<ChainKey, List<RowWrite>> rows = preload == null ? Map.of() : RegionExtensions.preload(preload);
        // Every procedure library on the classpath, whatever the preload: peers must agree on the
        // registry (the lab's catena carries TPC-C's, so a cluster can serve catena tpcc --url).
        RegionProcess process = RegionProcess.start(settings, RegionExtensions.procedures(), rows);
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            process.close();
            stopped.countDown();
        }, "catena-shutdown"));
        announce(process, spec.commandLine().getOut());
        stopped.await();
        return 0;
    }

    private static void announce(RegionProcess process, PrintWriter out) {
        ServerConfig c = process.config();
        out.printf("catena region %s of cluster %s: listening on %s%s; genesis %s%n", c.region(), c.cluster(),
                process.runtime().address().getHostString() + ":" + process.runtime().address().getPort(),
                process.metricsAddress().map(a -> ", metrics on http://" + a.getHostString() + ":" + a.getPort()
                        + "/metrics").orElse(""),
                c.genesis().orElseThrow());
        if (!c.protocol().algorithm().equals(Protocol.CATENA)) {
            out.printf("  running the %s comparison baseline, not Catena (protocol.algorithm)%n", c.protocol().algorithm());
        }
        for (RegionEndpoint peer : c.peers()) {
            out.printf("  peer %s at %s%n", peer.name(), peer.address());
        }
        out.flush();
    }
}
