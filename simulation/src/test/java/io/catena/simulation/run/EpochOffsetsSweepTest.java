package io.catena.simulation.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.core.procedure.ProcedureRegistry;
import io.catena.core.wan.EpochOffsets;
import io.catena.core.wan.HeliosBound;
import io.catena.core.wan.LatencyMatrix;
import io.catena.harness.record.TxnClass;
import io.catena.harness.workload.WorkloadSpec;
import io.catena.simulation.client.ClientPolicy;
import io.catena.simulation.cluster.SimConfig;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Regions whose epochs run ahead of each other on purpose, by the offsets that reach Helios'
 * bound ({@code --epoch-offsets auto}, docs/PROTOCOL.md "Epoch offsets"): a deliberate clock skew
 * of up to 75 ms (gcp3) and 95 ms (ec2-5). Skew costs Catena latency, never safety, so every
 * seed must end clean under the faults and fault tolerances the other sweeps run; and the offsets
 * must buy what they are for, each region's non-conflicting median within an epoch and a half of
 * its share of the bound (simulated time, deterministic per seed).
 */
class EpochOffsetsSweepTest {

    private static final long SEEDS = Long.getLong("catena.sim.epochOffsetsSeeds", 40);
    private static final String AUTO = " --epoch-offsets auto";
    /** The latency case's run as a command (the same seed, rate, load and clocks). */
    private static final String REPLAY_LATENCY = "bin/catena-sim latency -s 1 --rate 200 --load-s 4"
            + " --max-clock-offset-ms 0 --epoch-offsets auto --workload kv:records=100000,min=3,max=3,writes=blind";

    private static final List<SweepSlice> SLICES = List.of(
            new SweepSlice("list-append, epochs offset, mixed faults", 1, 1, "--faults mixed" + AUTO),
            new SweepSlice("bank, epochs offset, f=1, mixed faults", 1, 100_001,
                    "--workload bank --fault-tolerance 1 --faults mixed" + AUTO),
            new SweepSlice("kv zipf1, 20 % read-only, epochs offset, ownership changes", 1, 200_001,
                    "--workload kv:records=200,dist=zipf1,ro=0.2 --clients 8 --faults ownership" + AUTO),
            new SweepSlice("list-append on ec2-5, epochs offset, f=2, mixed faults", 1, 300_001,
                    "--preset ec2-5 --fault-tolerance 2 --faults mixed" + AUTO));

    @Test
    void everySeedIsCleanWithEpochsOffset() {
        int threads = Math.max(1, Runtime.getRuntime().availableProcessors());
        List<String> failures = new ArrayList<>();
        for (SweepSlice slice : SLICES) {
            SeedSweep.Summary summary = slice.run(SEEDS, threads);
            failures.addAll(slice.failures(summary));
            assertThat(summary.committed()).as("%s committed something", slice.name()).isPositive();
        }
        assertThat(failures).as("failing seeds").isEmpty();
    }

    /**
     * Without offsets us-central1 waits for asia-east1's record, about 85 ms against its bound of
     * 2.5; with them every region is within an epoch and a half of its bound (about 8 ms above it:
     * half an epoch on average before the epoch ends, and the local steps).
     */
    @Test
    void theOffsetsBringEveryRegionsNonConflictingMedianToItsBound() {
        LatencyMatrix gcp3 = LatencyMatrix.gcp3();
        double[] bound = HeliosBound.solve(gcp3);
        long epochMicros = 10_000;

        double[] plain = medians(gcp3, List.of());
        double[] offset = medians(gcp3, Arrays.stream(EpochOffsets.forBound(gcp3)).boxed().toList());

        for (int r = 0; r < gcp3.size(); r++) {
            assertThat(offset[r]).as("%s with offsets; replay: %s", gcp3.regions().get(r), REPLAY_LATENCY)
                    .isBetween(bound[r], bound[r] + 1.5 * epochMicros);
        }
        assertThat(plain[0]).as("us-central1 without offsets; replay: %s",
                        REPLAY_LATENCY.replace("--epoch-offsets auto", "--epoch-offsets none")).isGreaterThan(bound[0] + 70_000);
    }

    private static double[] medians(LatencyMatrix matrix, List<Long> offsets) {
        SimConfig config = SimConfig.builder().matrix(matrix).epochOffsetsMicros(offsets)
                .workload(WorkloadSpec.parse("kv:records=100000,min=3,max=3,writes=blind"))
                .clientsPerRegion(1).clients(ClientPolicy.openLoop(200, 2_000_000))
                .loadMicros(4_000_000).maxClockOffsetMicros(0).build();
        SeedResult r = new SeedRun(config, ProcedureRegistry.empty()).run(1, 0);
        assertThat(r.ok()).as(r.line()).isTrue();
        double[] p50 = new double[matrix.size()];
        for (int i = 0; i < matrix.size(); i++) {
            p50[i] = r.latencies().get(i).histogram(TxnClass.NON_CONFLICTING).getValueAtPercentile(50);
        }
        return p50;
    }
}
