package io.catena.simulation.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.core.procedure.ProcedureRegistry;
import io.catena.harness.check.Anomaly;
import io.catena.harness.check.CheckReport;
import io.catena.harness.check.HistoryChecker;
import io.catena.harness.check.HistoryEvent;
import io.catena.harness.check.TxnOutcome;
import io.catena.simulation.cli.SimOptions;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The interactive slices can fail: a history of interactive read-modify-writes in which the
 * transactions that aborted for a conflict had committed instead, as they would have had their
 * checks passed whatever changed, is one the checker rejects. Each such transaction read a value
 * another committed transaction replaced before its place in the order, so where it also wrote
 * that register the two replaced one value: a lost update, a G2 cycle of anti-dependencies.
 */
class InteractiveConflictTest {

    @Test
    void committingTheConflictAbortsOfARealHistoryMakesLostUpdatesTheCheckerFinds() {
        SeedResult run = new SeedRun(SimOptions.parse("--workload", "rmw", "--faults", "mixed").toConfig(),
                ProcedureRegistry.empty()).run(3, 0);
        HistoryChecker checker = HistoryChecker.builder().header(run.header()).build();
        assertThat(run.ok()).as(run.line()).isTrue();
        assertThat(run.aborted()).as("conflict aborts").isPositive();

        List<HistoryEvent> unchecked = run.history().stream().map(e -> e.outcome() != TxnOutcome.ABORTED ? e
                : new HistoryEvent(e.id(), e.session(), e.region(), e.type(), e.invokeMicros(), e.completeMicros(),
                        TxnOutcome.COMMITTED, e.version(), e.ops())).toList();
        CheckReport report = checker.check(unchecked);

        assertThat(checker.check(run.history()).valid()).isTrue();
        assertThat(report.count(Anomaly.G2)).as(report.summaryLine()).isPositive();
    }
}
