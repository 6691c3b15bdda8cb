package io.catena.simulation.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.core.procedure.ProcedureRegistry;
import io.catena.harness.check.HistoryEvent;
import io.catena.harness.check.TxnOutcome;
import io.catena.simulation.cluster.SimConfig;
import io.catena.harness.workload.WorkloadSpec;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Stores that take 0.2 to 1.5 s per call, as a loaded real store can: longer than the delay
 * tolerance (0.4 s). In majority mode the regions must neither fall behind on the log nor give
 * up on records that are merely late. Before the append window grew and the abandon deadline
 * learnt how late each region's records arrive, about nine transactions in ten were dropped.
 * Until the first records have arrived the deadline is the tolerance, so transactions of the first
 * seconds may still be dropped (retryable, never run); the rest must commit.
 */
class SlowStoreTest {

    private static final long SETTLED_MICROS = 3_000_000;

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2, 3})
    void inMajorityModeRecordsThatAreMerelyLateAreNotAbandoned(long seed) {
        SimConfig config = SimConfig.builder()
                .workload(WorkloadSpec.parse("bank"))
                .faultTolerance(1)
                .storageMicros(200_000, 1_500_000)
                .loadMicros(15_000_000)
                .build();
        SeedResult r = new SeedRun(config, ProcedureRegistry.empty()).run(seed, 0);
        assertThat(r.ok()).as("%s\n%s\n%s", r.line(), r.report().summaryLine(), r.report().examples()).isTrue();
        List<HistoryEvent> later = r.history().stream().filter(e -> e.invokeMicros() >= SETTLED_MICROS).toList();
        long committed = later.stream().filter(e -> e.outcome() == TxnOutcome.COMMITTED).count();
        assertThat(committed).as("of %d transactions invoked after %d s: %s", later.size(),
                SETTLED_MICROS / 1_000_000, r.line()).isGreaterThanOrEqualTo(later.size() * 9L / 10).isPositive();
    }
}
