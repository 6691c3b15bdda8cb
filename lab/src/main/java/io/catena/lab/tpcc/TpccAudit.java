package io.catena.lab.tpcc;

import io.catena.core.spi.StorageEngine;
import io.catena.server.cluster.InProcessCluster;
import io.catena.server.cluster.Quiescence;
import io.catena.server.region.RegionRuntime;
import io.catena.lab.report.Check;
import io.catena.tpcc.TpccScale;
import io.catena.tpcc.check.ConditionResult;
import io.catena.tpcc.check.ConsistencyChecker;
import io.catena.tpcc.check.ConsistencyReport;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What a TPC-C run proved, read once the regions have settled: TPC-C's consistency conditions in
 * every region, identical state in every region, and no failed protocol step.
 */
final class TpccAudit {

    static final Duration SETTLE_TIMEOUT = Duration.ofSeconds(60);
    /** Violations shown per failed condition; the report counts the rest. */
    private static final int VIOLATIONS_SHOWN = 3;

    private final List<Check> checks = new ArrayList<>();

    private TpccAudit() {
    }

    static TpccAudit of(InProcessCluster cluster, TpccScale scale, boolean delivered) throws InterruptedException {
        TpccAudit a = new TpccAudit();
        String unsettled = Quiescence.awaitOrExplain(cluster.regions(), SETTLE_TIMEOUT);
        if (unsettled != null) {
            a.checks.add(Check.fail("regions had not settled " + SETTLE_TIMEOUT.toSeconds() + " s after the run:\n"
                    + unsettled));
        }
        List<StorageEngine> stores = new ArrayList<>();
        for (RegionRuntime r : cluster.regions()) {
            StorageEngine store = cluster.store(r.settings().region());
            stores.add(store);
            a.checks.add(consistency(r.settings().regionName(), new ConsistencyChecker(store, scale).check(delivered)));
        }
        RegionStates.Comparison same = RegionStates.compare(stores);
        a.checks.add(same.differing().isEmpty()
                ? Check.pass(String.format(Locale.ROOT, "all %d regions hold identical state (%,d partitions, %,d rows)",
                        stores.size(), same.partitions(), same.rows()))
                : Check.fail(String.format(Locale.ROOT, "%,d partitions differ between regions, first %s",
                        same.differing().size(), same.differing().get(0))));
        long failed = cluster.failedSteps();
        a.checks.add(failed == 0 ? Check.pass("no protocol step failed")
                : Check.fail(failed + " protocol steps failed (see the log)"));
        return a;
    }

    /** The check that {@code region}'s consistency report makes: passed, or which conditions failed how. */
    static Check consistency(String region, ConsistencyReport report) {
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

    List<Check> checks() {
        return List.copyOf(checks);
    }
}
