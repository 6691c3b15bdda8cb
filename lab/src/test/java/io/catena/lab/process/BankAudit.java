package io.catena.lab.process;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.harness.check.CheckReport;
import io.catena.harness.check.HistoryEvent;
import io.catena.harness.check.TxnOutcome;
import io.catena.harness.run.ClusterAudit;
import io.catena.harness.run.RunHeader;
import io.catena.harness.workload.Workload;
import java.util.List;
import java.util.Map;

/**
 * What a bank run of real processes must end with: a serializable history in which every
 * transaction was answered, the money whole in every region, and the regions identical.
 */
final class BankAudit {

    private BankAudit() {
    }

    /**
     * Checks {@code history} of the workload {@code spec} against the regions' final
     * {@code states}, whose first region must hold {@code accounts} rows.
     */
    static void check(String spec, Workload workload, List<ClusterAudit.RegionState> states,
                      List<HistoryEvent> history, int accounts) {
        List<String> regions = states.stream().map(ClusterAudit.RegionState::name).toList();
        CheckReport report = ClusterAudit.check(RunHeader.of(spec, workload, regions), workload, states, history);
        assertThat(report.valid()).as(report.summaryLine()).isTrue();
        assertThat(history).noneMatch(e -> e.outcome() == TxnOutcome.UNKNOWN);
        for (Map<String, Long> balances : ClusterAudit.balances(workload, states).values()) {
            assertThat(balances.values().stream().mapToLong(Long::longValue).sum())
                    .isEqualTo(workload.bankInvariant().initialTotal());
        }
        assertThat(ClusterAudit.divergentKeys(workload, states)).as("keys that differ between regions").isZero();
        assertThat(ClusterAudit.rows(workload, states.get(0))).isEqualTo(accounts);
    }

    static long committed(List<HistoryEvent> history) {
        return history.stream().filter(e -> e.outcome() == TxnOutcome.COMMITTED).count();
    }
}
