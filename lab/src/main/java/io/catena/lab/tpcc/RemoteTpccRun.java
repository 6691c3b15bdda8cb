package io.catena.lab.tpcc;

import io.catena.client.Connection;
import io.catena.client.ConnectionUrl;
import io.catena.client.InvalidTransactionException;
import io.catena.core.data.Version;
import io.catena.lab.load.RemoteRegion;
import io.catena.tpcc.TpccSchema;
import io.catena.tpcc.check.ConsistencyChecker;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionException;
import java.util.regex.Pattern;

/**
 * {@code catena tpcc --url ...}: TPC-C against a cluster running elsewhere, whose regions were
 * started with {@code --preload tpcc:...} at the same scale: terminals in every region drive it
 * through the client library, then TPC-C's consistency conditions are checked in every region
 * through snapshot reads, and the regions compared.
 */
public final class RemoteTpccRun {

    /** A terminal's request budget unless the URL gives one: Delivery touches ten districts. */
    private static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(20);
    private static final Pattern TIMEOUT_PARAMETER = Pattern.compile("[?&]timeout=");

    private final List<String> urls;
    private final TpccOptions options;
    private final PrintWriter out;

    public RemoteTpccRun(List<String> urls, TpccOptions options, PrintWriter out) {
        this.urls = List.copyOf(urls);
        this.options = options;
        this.out = out;
    }

    /** Runs it and prints the report; the exit status is 0 when every check passed. */
    public int run() throws InterruptedException {
        return execute().print(out);
    }

    /** Drives and audits the cluster; the report holds what was measured and checked. */
    public TpccReport execute() throws InterruptedException {
        List<ConnectionUrl> parsed = new ArrayList<>();
        List<String> regions = new ArrayList<>();
        for (String url : urls) {
            ConnectionUrl u = ConnectionUrl.parse(url);
            parsed.add(TIMEOUT_PARAMETER.matcher(url).find() ? u : u.withTimeout(DEFAULT_TIMEOUT));
            if (regions.contains(u.region())) {
                throw new IllegalArgumentException("region " + u.region() + " is given twice; give one --url per region");
            }
            regions.add(u.region());
        }
        out.printf("catena tpcc: %d regions (%s) of a running cluster, %d warehouses, mix %s, %d terminals per "
                + "region%n", regions.size(), String.join(", ", regions), options.scale().warehouses(), options.mix(),
                options.terminalsPerRegion());
        List<Connection> connections = new ArrayList<>();
        try {
            for (ConnectionUrl u : parsed) {
                connections.add(RemoteRegion.connect(u));
            }
            for (int r = 0; r < connections.size(); r++) {
                requireDatabase(connections.get(r), regions.get(r));
            }
            List<TpccRegionSummary> measured = TpccRun.terminals(options, connections, regions, out);
            out.println("checking TPC-C's consistency conditions in every region through snapshot reads ...");
            out.flush();
            return new TpccReport(options, measured, RemoteTpccAudit.of(connections, regions, options.scale(),
                    options.mix().delivers()));
        } finally {
            connections.forEach(Connection::close);
        }
    }

    /**
     * Fails before any terminal runs unless the region holds a TPC-C database at this run's scale
     * and can answer a read of a whole district, as the check afterwards needs.
     */
    private void requireDatabase(Connection connection, String region) {
        SnapshotPartitions source = new SnapshotPartitions(connection, Version.ZERO);
        try {
            source.read(TpccSchema.district(1, 1)).toCompletableFuture().join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof InvalidTransactionException tooLarge) {
                // Answers are bounded by the cluster's frame bound; a district of 3,000 customers'
                // orders is estimated at about 10 MB, over the default 8 MiB.
                throw new IllegalStateException("region " + region + " cannot answer a read of a whole district at "
                        + "this scale (" + tooLarge.getMessage() + "); set protocol.maxEpochMessageBytes: 16MiB in "
                        + "every region's file, or load fewer customers per district (--preload "
                        + "tpcc:customers=1000 and --customers 1000)", e);
            }
            throw e;
        }
        try {
            new ConsistencyChecker(source, options.scale(), 1).verifyLayout();
        } catch (IllegalStateException e) {
            throw new IllegalStateException("region " + region + " does not hold this run's TPC-C database ("
                    + e.getMessage() + "); start every region with --preload tpcc:warehouses="
                    + options.scale().warehouses() + ",customers=" + options.scale().customersPerDistrict() + ",items="
                    + options.scale().items() + ", or run with the scale it was loaded with", e);
        }
    }
}
