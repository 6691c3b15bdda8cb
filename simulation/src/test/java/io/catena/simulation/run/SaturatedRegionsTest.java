package io.catena.simulation.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.coordinator.client.Backpressure;
import io.catena.core.procedure.ProcedureRegistry;
import io.catena.core.wan.EpochOffsets;
import io.catena.core.wan.LatencyMatrix;
import io.catena.harness.workload.WorkloadSpec;
import io.catena.simulation.client.ClientPolicy;
import io.catena.simulation.cluster.SimConfig;
import io.catena.simulation.host.CostModel;
import java.util.Arrays;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Regions saturated by closed-loop clients, as {@code catena bench} saturates its in-process
 * cluster: 60 clients a region on nodes ten times as slow per key access as the simulator's default
 * (so that a few thousand transactions a second fill them), regions 10 % apart in speed, and epochs
 * offset by {@code forBound(gcp3)}, so that us-central1's clients, answered in about 20 ms, offer far
 * more than any region executes. Every region executes every transaction, but us-central1's clients
 * see only their own region: without backpressure the slowest region fell further behind every
 * second (seed 1: 3.2 s behind after 6 s of load, 12.4 s after 15 s, with 28,376 commit passes
 * re-driven) and answered its own clients in seconds. With it, every region stays within the bound
 * and a little more (the others learn a region's backlog from its records, a round trip late), and
 * nothing is re-driven (docs/PROTOCOL.md, "Backpressure").
 */
class SaturatedRegionsTest {

    @ParameterizedTest(name = "seed {0}")
    @ValueSource(longs = {1, 2})
    void noRegionFallsFurtherBehindThanTheBoundAllows(long seed) {
        LatencyMatrix gcp3 = LatencyMatrix.gcp3();
        SimConfig config = SimConfig.builder().matrix(gcp3)
                .epochOffsetsMicros(Arrays.stream(EpochOffsets.forBound(gcp3)).boxed().toList())
                .workload(WorkloadSpec.parse("kv:records=100000,min=3,max=3,writes=blind"))
                .cost(new CostModel(20, 150, 20, 0.05)).regionSpeedSpread(0.1)
                .clientsPerRegion(60).clients(ClientPolicy.closedLoop(0, 60_000_000))
                .loadMicros(8_000_000).maxClockOffsetMicros(0).build();
        SeedResult r = new SeedRun(config, ProcedureRegistry.empty()).run(seed, 0);
        long bound = new Backpressure(config.cluster()).boundEpochs();
        System.out.printf("saturated, seed %d: %s most epochs behind=%d (bound %d) records held back=%d re-drives=%d%n",
                seed, r.line(), r.stats().exercised().maxBacklogEpochs(), bound,
                r.stats().exercised().recordsHeldBack(), r.stats().redrives());
        assertThat(r.ok()).as(r.line()).isTrue();
        assertThat(r.stats().exercised().maxBacklogEpochs()).as("the most epochs a region was behind: %s", r.line())
                .isLessThanOrEqualTo(3 * bound);
        assertThat(r.stats().redrives()).as("commit passes re-driven: %s", r.line()).isZero();
        assertThat(r.stats().exercised().recordsHeldBack()).as("records held back: %s", r.line()).isPositive();
    }
}
