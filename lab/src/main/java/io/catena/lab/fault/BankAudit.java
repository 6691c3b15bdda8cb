package io.catena.lab.fault;

import io.catena.harness.check.CheckReport;
import io.catena.harness.check.HistoryEvent;
import io.catena.harness.check.TxnOutcome;
import io.catena.harness.run.ClusterAudit;
import io.catena.harness.run.RunHeader;
import io.catena.harness.workload.Workload;
import io.catena.lab.report.Check;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What a bank run of real processes must end with: a serializable history in which every
 * transaction was answered, the money whole in every region, and the regions identical, every
 * account present.
 */
public final class BankAudit {

    private BankAudit() {
    }

    /**
     * Checks {@code history} of the bank workload {@code spec} against the regions' final
     * {@code states}; one {@link Check} per property, in the order above.
     */
    public static List<Check> checks(String spec, Workload workload, List<ClusterAudit.RegionState> states,
                                     List<HistoryEvent> history) {
        List<String> regions = states.stream().map(ClusterAudit.RegionState::name).toList();
        CheckReport report = ClusterAudit.check(RunHeader.of(spec, workload, regions), workload, states, history);
        List<Check> checks = new ArrayList<>();
        checks.add(report.valid()
                ? Check.pass(String.format(Locale.ROOT, "serializable: %,d transactions checked", history.size()))
                : Check.fail("history check: " + report.summaryLine()));
        long unknown = history.stream().filter(e -> e.outcome() == TxnOutcome.UNKNOWN).count();
        checks.add(Check.equal("transactions without a known outcome", unknown, 0));
        long initialTotal = workload.bankInvariant().initialTotal();
        for (Map.Entry<String, Map<String, Long>> region : ClusterAudit.balances(workload, states).entrySet()) {
            long total = region.getValue().values().stream().mapToLong(Long::longValue).sum();
            checks.add(Check.equal("bank total conserved in " + region.getKey(), total, initialTotal));
        }
        checks.add(Check.equal("keys that differ between regions", ClusterAudit.divergentKeys(workload, states), 0));
        checks.add(Check.equal("accounts in " + regions.get(0), ClusterAudit.rows(workload, states.get(0)),
                workload.bankInvariant().accounts().size()));
        return checks;
    }

    /** Commits in {@code history}. */
    public static long committed(List<HistoryEvent> history) {
        return history.stream().filter(e -> e.outcome() == TxnOutcome.COMMITTED).count();
    }
}
