package io.catena.server.cli;

import io.catena.core.data.ChainKey;
import io.catena.core.data.RowWrite;
import io.catena.core.protocol.Protocol;
import io.catena.server.config.ConfigFile;
import io.catena.server.config.RegionEndpoint;
import io.catena.server.config.ServerConfig;
import io.catena.server.region.CoordinatorCandidate;
import io.catena.server.region.RegionExtensions;
import io.catena.server.region.RegionProcess;
import io.catena.server.region.RegionStartException;
import io.catena.wire.ProcessRole;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Option;

/**
 * What {@code catena region} and {@code catena node} share: the file, the region, the genesis and
 * the preload, and running the process until it is stopped.
 */
public final class ProcessOptions {

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
                    + "(and every process of a region) the same")
    String preload;

    @Option(names = {"-v", "--verbose"}, description = "log every connection and protocol event, and show stack "
            + "traces on errors")
    boolean verbose;

    /** The validated file, with the command line's region and genesis. */
    ServerConfig load() {
        Logging.level(verbose ? "DEBUG" : "INFO");
        return read();
    }

    /** The validated file, with the command line's region and genesis, as it is now. */
    private ServerConfig read() {
        ServerConfig settings = region == null ? ConfigFile.load(config) : ConfigFile.load(config, region);
        if (genesis != null) {
            settings = settings.toBuilder().source(config.toString()).genesis(genesis).build();
        }
        return settings;
    }

    /** The {@code catena node} command lines that start every process of this region. */
    String nodeCommands(ServerConfig settings) {
        String base = "catena node --config " + config + (region == null ? "" : " --region " + region);
        StringBuilder commands = new StringBuilder("'" + base + " --role coordinator'");
        for (int i = 1; i <= settings.self().standbys().size(); i++) {
            commands.append(", '").append(base).append(" --role coordinator --index ").append(i).append("'");
        }
        for (int i = 0; i < settings.self().chainServers().size(); i++) {
            commands.append(", '").append(base).append(" --role chain-server --index ").append(i).append("'");
        }
        return commands.toString();
    }

    /**
     * Runs coordinator process {@code index} of a region with standbys until the JVM is asked to
     * stop: it waits its turn, leads when elected, and waits again when deposed.
     */
    int runCandidate(ServerConfig settings, int index, PrintWriter out) throws RegionStartException,
            InterruptedException {
        CoordinatorCandidate candidate = CoordinatorCandidate.start(settings, index, RegionExtensions.procedures(),
                rows());
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            candidate.close();
            stopped.countDown();
        }, "catena-shutdown"));
        out.printf("catena node coordinator %d of region %s of cluster %s: listening on %s, leading when its ZooKeeper "
                + "(%s) elects it; genesis %s%n", index, settings.region(), settings.cluster(),
                candidate.address().getHostString() + ":" + candidate.address().getPort(),
                settings.zookeeper().orElseThrow().connectString(), settings.genesis().orElseThrow());
        out.flush();
        stopped.await();
        return 0;
    }

    private Map<ChainKey, List<RowWrite>> rows() {
        return preload == null ? Map.of() : RegionExtensions.preload(preload);
    }

    /** Runs the process of {@code role} until the JVM is asked to stop. */
    int run(ServerConfig settings, ProcessRole role, PrintWriter out) throws RegionStartException, InterruptedException {
        Map<ChainKey, List<RowWrite>> rows = rows();
        // Every procedure library on the classpath, whatever the preload: peers must agree on the
        // registry (the lab's catena carries TPC-C's, so a cluster can serve catena tpcc --url).
        RegionProcess process = RegionProcess.start(settings, role, RegionExtensions.procedures(), rows);
        process.watchFile(this::read, config.toString());
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            process.close();
            stopped.countDown();
        }, "catena-shutdown"));
        announce(process, role, out);
        stopped.await();
        return 0;
    }

    private static void announce(RegionProcess process, ProcessRole role, PrintWriter out) {
        ServerConfig c = process.config();
        out.printf("catena %s %s of cluster %s: listening on %s%s; genesis %s%n",
                c.split() ? "node " + role + " of region" : "region", c.region(), c.cluster(),
                process.runtime().address().getHostString() + ":" + process.runtime().address().getPort(),
                process.metricsAddress().map(a -> ", metrics on http://" + a.getHostString() + ":" + a.getPort()
                        + "/metrics").orElse(""),
                c.genesis().orElseThrow());
        if (!c.protocol().algorithm().equals(Protocol.CATENA)) {
            out.printf("  running %s, not Catena (protocol.algorithm)%n", c.protocol().algorithm());
        }
        if (role.isCoordinator()) {
            for (RegionEndpoint peer : c.peers()) {
                out.printf("  peer %s at %s%n", peer.name(), peer.address());
            }
        }
        for (int i = 0; i < c.self().chainServers().size(); i++) {
            if (!ProcessRole.chainServer(i).equals(role)) {
                out.printf("  chain server %d at %s%n", i, c.self().chainServers().get(i).address());
            }
        }
        if (!role.isCoordinator()) {
            out.printf("  coordinator at %s%n", c.self().address());
        }
        out.flush();
    }
}
