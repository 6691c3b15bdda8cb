package io.catena.lab.tpcc;

import io.catena.client.Connection;
import io.catena.lab.demo.RunRegions;
import io.catena.tpcc.TpccInputs;
import io.catena.tpcc.TpccRandom;
import io.catena.tpcc.TpccTransaction;
import io.catena.tpcc.load.TpccLoader;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code catena tpcc}, with or without {@code --url}: brings a TPC-C database into every region
 * (loads it into a cluster the run starts, or checks that regions running elsewhere were loaded at
 * this scale), drives it from terminals in every region through the client library for a warm-up
 * and a measured run, then checks TPC-C's consistency conditions in every region and that the
 * regions hold identical state ({@link TpccAudit}), and prints the results per transaction.
 */
public final class TpccRun {

    /** A terminal's request budget unless a region's URL gives one: Delivery touches ten districts. */
    public static final Duration TERMINAL_TIMEOUT = Duration.ofSeconds(20);

    private final RunRegions regions;
    private final TpccOptions options;
    private final PrintWriter out;

    public TpccRun(RunRegions regions, TpccOptions options, PrintWriter out) {
        this.regions = regions;
        this.options = options;
        this.out = out;
    }

    /** Runs it and prints the report; the exit status is 0 when every check passed. */
    public int run() throws InterruptedException {
        return execute().print(out);
    }

    /** Opens, drives and audits the regions, then closes them; the report holds what was measured and checked. */
    public TpccReport execute() throws InterruptedException {
        out.println(regions.headline("tpcc", String.format("%d warehouses, mix %s, %d terminals per region",
                options.scale().warehouses(), options.mix(), options.terminalsPerRegion())));
        try (regions) {
            List<Connection> connections = regions.open(new TpccDatabase(options.scale(), options.seed()), out);
            List<TpccRegionSummary> measured = terminals(connections, regions.names());
            return new TpccReport(options, measured, TpccAudit.of(regions.cluster(), connections, regions.names(),
                    options.scale(), options.mix().delivers(), out));
        }
    }

    /**
     * Drives {@code connections} (one per region, named {@code names}) from the options' terminals
     * for the warm-up and the measured run; returns what each region measured.
     */
    private List<TpccRegionSummary> terminals(List<Connection> connections, List<String> names)
            throws InterruptedException {
        List<TpccRecorder> recorders = new ArrayList<>();
        TpccTerminals terminals = new TpccTerminals();
        // The database was loaded with the same seed (catena region --preload takes it too).
        TpccRandom seeds = TpccRandom.forRun(options.seed(), TpccLoader.lastNameConstant(options.seed()));
        for (int r = 0; r < connections.size(); r++) {
            TpccRecorder recorder = new TpccRecorder(names.get(r));
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
