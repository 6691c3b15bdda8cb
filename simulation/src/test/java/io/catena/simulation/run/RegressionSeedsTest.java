package io.catena.simulation.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.core.procedure.ProcedureRegistry;
import io.catena.simulation.cluster.SimConfig;
import io.catena.simulation.cluster.WorkloadSpec;
import io.catena.simulation.fault.FaultMix;
import io.catena.simulation.net.NetworkConfig;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Seeds that once broke an invariant, kept forever (docs/PROTOCOL.md, "Seeds that broke
 * invariants", says what each found).
 */
class RegressionSeedsTest {

    @ParameterizedTest(name = "seed {0}: {4}")
    @CsvSource(delimiter = '|', value = {
        "97   | bank        | 0 | calm  | a retry after two coordinator crashes in one region went unanswered",
        "125  | list-append | 1 | calm  | a retried request was answered DROPPED although an earlier transaction of it committed",
        "7278 | list-append | 0 | rough | a replaced coordinator rebuilt request dedup from truncated records and ran appends twice",
        "222  | bank        | 1 | calm  | a replaced coordinator replayed its own holdings before its own abandon votes and diverged",
    })
    void stillPasses(long seed, String workload, int faultTolerance, String network, String found) {
        SimConfig config = SimConfig.builder()
                .workload(WorkloadSpec.parse(workload))
                .faults(FaultMix.MIXED)
                .faultTolerance(faultTolerance)
                .network(network.equals("rough") ? NetworkConfig.rough() : NetworkConfig.calm())
                .build();
        SeedResult r = new SeedRun(config, ProcedureRegistry.empty()).run(seed, 0);
        assertThat(r.ok()).as("%s\n%s\n%s", r.line(), r.report().summaryLine(), r.report().examples()).isTrue();
        assertThat(r.committed()).isPositive();
    }
}
