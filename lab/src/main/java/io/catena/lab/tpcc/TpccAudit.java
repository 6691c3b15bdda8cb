package io.catena.lab.tpcc;

import io.catena.client.Connection;
import io.catena.core.data.ChainKey;
import io.catena.core.data.Version;
import io.catena.core.spi.StorageEngine;
import io.catena.lab.report.Check;
import io.catena.server.cluster.InProcessCluster;
import io.catena.server.cluster.Quiescence;
import io.catena.server.region.RegionRuntime;
import io.catena.tpcc.TpccScale;
import io.catena.tpcc.check.ConditionResult;
import io.catena.tpcc.check.ConsistencyChecker;
import io.catena.tpcc.check.ConsistencyReport;
import io.catena.tpcc.check.StoreReadException;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeSet;

/**
 * What a TPC-C run proved: TPC-C's consistency conditions in every region and identical state in
 * every region. A cluster in this process is read from its stores once it has settled, all its
 * tables compared, and its protocol steps counted. Regions elsewhere are read through the client
 * library once every answer is in, each at a snapshot that includes the newest commit any terminal
 * saw (so that it has applied everything the run did), and compared in the partitions the
 * conditions read (stock, which none reads, is not).
 */
final class TpccAudit {

    private static final Duration SETTLE_TIMEOUT = Duration.ofSeconds(60);
    /** Violations shown per failed condition; the report counts the rest. */
    private static final int VIOLATIONS_SHOWN = 3;
    /** Partitions read at once from a region elsewhere: enough to hide a WAN round trip or two. */
    private static final int READS_IN_FLIGHT = 8;

    private TpccAudit() {
    }

    /**
     * Audits the regions behind {@code connections} (named {@code regions}), through the stores of
     * {@code cluster} when it runs in this process, else through snapshot reads.
     */
    static List<Check> of(Optional<InProcessCluster> cluster, List<Connection> connections, List<String> regions,
                          TpccScale scale, boolean delivered, PrintWriter out) throws InterruptedException {
        if (cluster.isPresent()) {
            return ofStores(cluster.get(), scale, delivered);
        }
        out.println("checking TPC-C's consistency conditions in every region through snapshot reads ...");
        out.flush();
        return throughSnapshots(connections, regions, scale, delivered);
    }

    private static List<Check> ofStores(InProcessCluster cluster, TpccScale scale, boolean delivered)
            throws InterruptedException {
        List<Check> checks = new ArrayList<>();
        String unsettled = Quiescence.awaitOrExplain(cluster.regions(), SETTLE_TIMEOUT);
        if (unsettled != null) {
            checks.add(Check.fail("regions had not settled " + SETTLE_TIMEOUT.toSeconds() + " s after the run:\n"
                    + unsettled));
        }
        List<StorageEngine> stores = new ArrayList<>();
        for (RegionRuntime r : cluster.regions()) {
            StorageEngine store = cluster.store(r.settings().region());
            stores.add(store);
            checks.add(consistency(r.settings().regionName(), new ConsistencyChecker(store, scale).check(delivered)));
        }
        RegionStates.Comparison same = RegionStates.compare(stores);
        checks.add(same.differing().isEmpty()
                ? Check.pass(String.format(Locale.ROOT, "all %d regions hold identical state (%,d partitions, %,d rows)",
                        stores.size(), same.partitions(), same.rows()))
                : Check.fail(String.format(Locale.ROOT, "%,d partitions differ between regions, first %s",
                        same.differing().size(), same.differing().get(0))));
        long failed = cluster.failedSteps();
        checks.add(failed == 0 ? Check.pass("no protocol step failed")
                : Check.fail(failed + " protocol steps failed (see the log)"));
        return checks;
    }

    private static List<Check> throughSnapshots(List<Connection> connections, List<String> regions, TpccScale scale,
                                                boolean delivered) {
        Version floor = Version.ZERO;
        for (Connection c : connections) {
            floor = Version.max(floor, c.lastVersion());
        }
        List<Check> checks = new ArrayList<>();
        List<Map<ChainKey, Long>> states = new ArrayList<>();
        List<String> unread = new ArrayList<>();
        for (int r = 0; r < connections.size(); r++) {
            PartitionDigests read = new PartitionDigests(new SnapshotPartitions(connections.get(r), floor));
            try {
                checks.add(consistency(regions.get(r),
                        new ConsistencyChecker(read, scale, READS_IN_FLIGHT).check(delivered)));
            } catch (StoreReadException | IllegalStateException e) {
                checks.add(Check.fail("TPC-C consistency conditions in " + regions.get(r) + " not checked: "
                        + e.getMessage()));
                unread.add(regions.get(r));
            }
            states.add(read.digests());
        }
        checks.add(unread.isEmpty() ? sameState(regions, states)
                : Check.fail("regions not compared: " + String.join(", ", unread) + " could not be read whole"));
        return checks;
    }

    private static Check sameState(List<String> regions, List<Map<ChainKey, Long>> states) {
        Map<ChainKey, Long> first = states.get(0);
        for (int r = 1; r < states.size(); r++) {
            Map<ChainKey, Long> other = states.get(r);
            TreeSet<ChainKey> keys = new TreeSet<>(first.keySet());
            keys.addAll(other.keySet());
            for (ChainKey key : keys) {
                if (!Objects.equals(other.get(key), first.get(key))) {
                    return Check.fail("partition " + key + " differs between " + regions.get(0) + " and "
                            + regions.get(r));
                }
            }
        }
        return Check.pass(String.format(Locale.ROOT, "all %d regions hold identical state in the %,d partitions the "
                + "conditions read (stock not compared)", states.size(), first.size()));
    }

    /** The check that {@code region}'s consistency report makes: passed, or which conditions failed how. */
    private static Check consistency(String region, ConsistencyReport report) {
        List<String> problems = new ArrayList<>();
        int passed = 0;
        int notApplicable = 0;
        for (ConditionResult c : report.results()) {
            switch (c.status()) {
                case PASSED -> passed++;
                case NOT_APPLICABLE -> notApplicable++;
                case FAILED -> {
                    StringBuilder line = new StringBuilder("condition " + c.number() + " (" + c.name() + "):");
                    c.firstViolations().stream().limit(VIOLATIONS_SHOWN).forEach(v -> line.append("\n      ").append(v));
                    problems.add(line.toString());
                }
            }
        }
        String counts = passed + " passed" + (notApplicable > 0 ? ", " + notApplicable + " not applicable after"
                + " deliveries" : "");
        return problems.isEmpty()
                ? Check.pass("TPC-C consistency conditions in " + region + ": " + counts)
                : Check.fail("TPC-C consistency conditions in " + region + ": " + counts + ", "
                        + problems.size() + " failed\n    " + String.join("\n    ", problems));
    }
}
