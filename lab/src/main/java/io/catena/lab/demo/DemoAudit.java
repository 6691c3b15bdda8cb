package io.catena.lab.demo;

import io.catena.catenae.CatenaReadings;
import io.catena.core.protocol.NodeReading;
import io.catena.core.id.NodeId;
import io.catena.server.cluster.InProcessCluster;
import io.catena.server.cluster.Quiescence;
import io.catena.server.host.NodeRunner;
import io.catena.lab.load.HistoryFile;
import io.catena.lab.load.LoadDriver;
import io.catena.server.region.RegionRuntime;
import io.catena.lab.report.Check;
import io.catena.lab.report.RegionSummary;
import io.catena.harness.check.BankInvariant;
import io.catena.harness.check.CheckReport;
import io.catena.harness.check.HistoryChecker;
import io.catena.harness.check.HistoryEvent;
import io.catena.harness.check.HistoryHeader;
import io.catena.harness.check.TxnOutcome;
import io.catena.core.wan.HeliosBound;
import io.catena.core.wan.LatencyMatrix;
import io.catena.harness.run.ClusterAudit;
import io.catena.harness.workload.Workload;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * What a run proved: the history checked by the simulator's checker and every transaction
 * answered; for regions in this process, read once they have settled, the history against their
 * final states, the money, whether the regions are identical, and the speculation success each
 * region's chain servers saw.
 */
public final class DemoAudit {

    private final HistoryHeader header;
    private final List<HistoryEvent> history;
    private final List<Check> checks = new ArrayList<>();
    private final List<Double> speculation = new ArrayList<>();

    private DemoAudit(HistoryHeader header, List<HistoryEvent> history) {
        this.header = header;
        this.history = history;
    }

    /**
     * Audits a run, checking the history as the file with {@code header} would be checked. A
     * cluster in this process is first given {@code settleTimeout} to settle, and its stores and
     * nodes are audited too; of regions elsewhere, what the clients saw is all there is to check.
     */
    public static DemoAudit of(Optional<InProcessCluster> cluster, HistoryHeader header, Workload workload,
                               LoadDriver driver, Duration settleTimeout) throws InterruptedException {
        DemoAudit a = new DemoAudit(header, driver.history());
        if (cluster.isPresent()) {
            a.auditRegions(cluster.get(), workload, settleTimeout);
        } else {
            a.checkHistory(HistoryChecker.builder().header(header).build().check(a.history));
        }
        return a;
    }

    private void auditRegions(InProcessCluster cluster, Workload workload, Duration settleTimeout)
            throws InterruptedException {
        String unsettled = Quiescence.awaitOrExplain(cluster.regions(), settleTimeout);
        if (unsettled != null) {
            checks.add(Check.fail("regions had not settled " + settleTimeout.toSeconds() + " s after the run:\n"
                    + unsettled));
        }
        List<ClusterAudit.RegionState> states = new ArrayList<>();
        for (RegionRuntime r : cluster.regions()) {
            states.add(new ClusterAudit.RegionState(r.settings().regionName(), cluster.store(r.settings().region())));
            speculation.add(speculationSuccess(r));
        }
        checkHistory(ClusterAudit.check(header, workload, states, history));
        checkMoney(workload, states);
        long divergent = ClusterAudit.divergentKeys(workload, states);
        long rows = ClusterAudit.rows(workload, states.get(0));
        checks.add(divergent == 0
                ? Check.pass(String.format(Locale.ROOT, "all %d regions hold identical state (%,d rows)", states.size(),
                        rows))
                : Check.fail(String.format(Locale.ROOT, "%,d keys differ between regions", divergent)));
        long failed = cluster.failedSteps();
        checks.add(failed == 0 ? Check.pass("no protocol step failed")
                : Check.fail(failed + " protocol steps failed (see the log)"));
    }

    private void checkHistory(CheckReport report) {
        long unknown = history.stream().filter(e -> e.outcome() == TxnOutcome.UNKNOWN).count();
        checks.add(report.valid()
                ? Check.pass(String.format(Locale.ROOT, "serializable: %,d transactions checked, no anomalies",
                        history.size()))
                : Check.fail("history check: " + report.summaryLine()));
        checks.add(unknown == 0 ? Check.pass("every transaction was answered")
                : Check.fail(String.format(Locale.ROOT, "%,d transactions have no known outcome", unknown)));
    }

    private void checkMoney(Workload workload, List<ClusterAudit.RegionState> states) {
        BankInvariant bank = workload.bankInvariant();
        if (bank == null) {
            return;
        }
        for (Map.Entry<String, Map<String, Long>> region : ClusterAudit.balances(workload, states).entrySet()) {
            long total = region.getValue().values().stream().mapToLong(Long::longValue).sum();
            checks.add(Check.equal("bank total conserved in " + region.getKey(), total, bank.initialTotal()));
        }
    }

    /** Share of speculatively run hops whose inputs the decided order confirmed, or null if none ran. */
    private static Double speculationSuccess(RegionRuntime region) throws InterruptedException {
        long valid = 0;
        long redone = 0;
        for (NodeRunner runner : region.runners()) {
            if (runner.id().role() != NodeId.Role.CHAIN_SERVER) {
                continue;
            }
            try {
                NodeReading r = runner.inspect(n -> region.plugin().read(n)).get(1, TimeUnit.SECONDS);
                valid += r.get(CatenaReadings.VALID_SPECULATIVE_HOPS);
                redone += r.get(CatenaReadings.CAUGHT_UP_HOPS);
            } catch (ExecutionException | TimeoutException e) {
                return null;
            }
        }
        return valid + redone == 0 ? null : CatenaReadings.speculationSuccess(valid, redone);
    }

    /** The measured summaries with each region's Helios bound and speculation success added. */
    public List<RegionSummary> regionSummaries(List<RegionSummary> measured, LatencyMatrix matrix) {
        double[] helios = matrix == null ? null : HeliosBound.solve(matrix);
        List<RegionSummary> out = new ArrayList<>();
        for (int i = 0; i < measured.size(); i++) {
            out.add(measured.get(i)
                    .withHeliosBoundMillis(helios == null ? null : helios[i] / 1_000)
                    .withSpeculationSuccess(speculation.isEmpty() ? null : speculation.get(i)));
        }
        return out;
    }

    public List<Check> checks() {
        return List.copyOf(checks);
    }

    /** Writes the history it checked, with the header its check was configured from. */
    public void writeHistory(Path file) throws IOException {
        HistoryFile.write(header, history, file);
    }
}
