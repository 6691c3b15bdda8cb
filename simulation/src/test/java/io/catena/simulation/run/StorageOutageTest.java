package io.catena.simulation.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.core.procedure.ProcedureRegistry;
import io.catena.simulation.cluster.SimConfig;
import io.catena.harness.workload.WorkloadSpec;
import io.catena.harness.SeededRandom;
import io.catena.simulation.fault.Fault;
import io.catena.simulation.fault.FaultMix;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A region's store down for seconds (every call fails, nothing lost), then back: the protocol
 * retries its calls and the run checks out.
 */
class StorageOutageTest {

    @ParameterizedTest(name = "seed {0}, f = {1}")
    @CsvSource({"1, 0", "2, 0", "3, 0", "4, 1", "5, 1", "6, 1", "7, 1", "8, 1"})
    void aRegionWhoseStoreWasDownCatchesUpAndEverythingChecksOut(long seed, int faultTolerance) {
        SimConfig config = SimConfig.builder()
                .workload(WorkloadSpec.parse("bank"))
                .faults(FaultMix.STORAGE)
                .faultTolerance(faultTolerance)
                .loadMicros(10_000_000)
                .build();
        SeedResult r = new SeedRun(config, ProcedureRegistry.empty()).run(seed, 0);
        assertThat(r.ok()).as("%s\n%s\n%s", r.line(), r.report().summaryLine(), r.report().examples()).isTrue();
        assertThat(r.committed()).isPositive();
    }

    @Test
    void storageOutagesAreDrawnOnlyWhenAskedForSoMixedSchedulesKeepTheirSeeds() {
        for (long seed = 1; seed <= 200; seed++) {
            assertThat(FaultMix.MIXED.draw(new SeededRandom(seed), 3, 4, 3_000_000, 30_000_000))
                    .noneMatch(f -> f instanceof Fault.StorageOutage);
            assertThat(FaultMix.STORAGE.draw(new SeededRandom(seed), 3, 4, 3_000_000, 30_000_000))
                    .singleElement().isInstanceOf(Fault.StorageOutage.class);
        }
    }
}
