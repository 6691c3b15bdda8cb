package io.catena.lab.tpcc;

import io.catena.client.Catena;
import io.catena.client.Connection;
import io.catena.core.config.ClusterConfig;
import io.catena.core.data.ChainKey;
import io.catena.core.data.RowWrite;
import io.catena.core.id.RegionId;
import io.catena.server.cluster.InProcessCluster;
import io.catena.lab.demo.DemoCluster;
import io.catena.lab.demo.InitialLoadProgress;
import io.catena.lab.storage.LocalStoreServers;
import io.catena.core.wan.LatencyMatrix;
import io.catena.tpcc.TpccInputs;
import io.catena.tpcc.TpccRandom;
import io.catena.tpcc.TpccTransaction;
import io.catena.tpcc.load.TpccLoader;
import io.catena.tpcc.procedure.TpccProcedures;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code catena tpcc}: loads a TPC-C database into every region of an in-process cluster, drives
 * it from terminals in every region through the client library for a warm-up and a measured run,
 * then checks TPC-C's consistency conditions in every region and that the regions hold identical
 * state, and prints the results per transaction.
 */
public final class TpccRun {

    private static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(15);

    private final TpccOptions options;
    private final PrintWriter out;

    public TpccRun(TpccOptions options, PrintWriter out) {
        this.options = options;
        this.out = out;
    }

    /** Runs it and prints the report; the exit status is 0 when every check passed. */
    public int run() throws InterruptedException {
        return execute().print(out);
    }

    /** Loads, drives and audits the cluster; the report holds what was measured and checked. */
    public TpccReport execute() throws InterruptedException {
        LatencyMatrix matrix = DemoCluster.matrix(options.preset(), options.regions());
        List<String> names = DemoCluster.regionNames(matrix, options.regions());
        ClusterConfig protocol = ClusterConfig.builder().regions(names)
                .epochLengthMicros(options.epochLength().micros()).build();
        out.printf("catena tpcc: %d regions (%s) on %s, %s, %d warehouses, mix %s, %d terminals per region,"
                        + " %s store%n", names.size(), String.join(", ", names),
                matrix == null ? "plain loopback" : "the " + matrix.name() + " latency matrix",
                options.protocol().isBaseline() ? "protocol " + options.protocol() + " (baseline)"
                        : options.epochLength() + " epochs",
                options.scale().warehouses(), options.mix(), options.terminalsPerRegion(),
                options.storage().configName());
        Map<ChainKey, List<RowWrite>> rows = new TpccPreload(options.scale(), options.seed()).rows();
        InitialLoadProgress loading = new InitialLoadProgress(out, (long) rows.size() * names.size());
        try (LocalStoreServers servers = LocalStoreServers.start(options.storage(), names, out);
             InProcessCluster cluster = InProcessCluster.start(
                     DemoCluster.spec(protocol, matrix, TpccProcedures.registry())
                             .withStores(servers.stores(DemoCluster.CLUSTER)).withAlgorithm(options.protocol()),
                     rows, loading)) {
            loading.finish();
            rows = null; // the stores hold them now; let a large database's map go
            if (!cluster.awaitConnected(CONNECT_TIMEOUT)) {
                throw new IllegalStateException("the regions could not connect to each other within "
                        + CONNECT_TIMEOUT.toSeconds() + " s");
            }
            List<TpccRegionSummary> measured = drive(cluster, protocol);
            TpccAudit audit = TpccAudit.of(cluster, options.scale(), options.mix().delivers());
            return new TpccReport(options, measured, audit.checks());
        }
    }

    private List<TpccRegionSummary> drive(InProcessCluster cluster, ClusterConfig protocol)
            throws InterruptedException {
        List<Connection> connections = new ArrayList<>();
        try {
            for (RegionId r : protocol.regionIds()) {
                connections.add(Catena.connect(cluster.url(r) + "&timeout=20s"));
            }
            return terminals(options, connections, protocol.regions(), out);
        } finally {
            connections.forEach(Connection::close);
        }
    }

    /**
     * Drives {@code connections} (one per region, named {@code regions}) from the options'
     * terminals for the warm-up and the measured run; returns what each region measured.
     */
    static List<TpccRegionSummary> terminals(TpccOptions options, List<Connection> connections,
                                             List<String> regions, PrintWriter out) throws InterruptedException {
        List<TpccRecorder> recorders = new ArrayList<>();
        TpccTerminals terminals = new TpccTerminals();
        // The database was loaded with the same seed (catena region --preload takes it too).
        TpccRandom seeds = TpccRandom.forRun(options.seed(), TpccLoader.lastNameConstant(options.seed()));
        for (int r = 0; r < connections.size(); r++) {
            TpccRecorder recorder = new TpccRecorder(regions.get(r));
            recorders.add(recorder);
            for (int i = 0; i < options.terminalsPerRegion(); i++) {
                int warehouse = i % options.scale().warehouses() + 1;
                TpccRandom random = seeds.split();
                terminals.add(new TpccTerminal(connections.get(r), options.mix(), new TpccInputs(options.scale(),
                        warehouse, random.split()), random, recorder, terminals::stopping));
            }
        }
        return terminals.runTimed(recorders, options.warmup(), options.duration(),
                options.mix().percent(TpccTransaction.NEW_ORDER) > 0, out);
    }
}
