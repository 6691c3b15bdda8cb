package io.catena.simulation.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.baselines.Protocol;
import io.catena.core.procedure.ProcedureRegistry;
import io.catena.simulation.cluster.SimConfig;
import io.catena.simulation.cluster.WorkloadSpec;
import io.catena.simulation.net.LatencyMatrix;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The comparison baselines under the same checker as Catena: seeds of contended workloads on three
 * and five regions over links that reorder (no faults or loss, which the baselines do not claim to
 * survive). Every seed must end serializable, convergent, with nothing acknowledged lost and every
 * transaction answered; a failure prints the command that replays it.
 */
class BaselineSweepTest {

    private static final long SEEDS_PER_SLICE = Long.getLong("catena.sim.baselineSeeds", 100);

    private record Slice(String workload, LatencyMatrix matrix, long firstSeed) {
    }

    @ParameterizedTest
    @EnumSource(value = Protocol.class, names = {"TWO_PHASE_LOCKING", "OPTIMISTIC"})
    void everySeedIsSerializableConvergentAndAnswered(Protocol protocol) {
        List<Slice> slices = List.of(
                new Slice("list-append", LatencyMatrix.gcp3(), 1),
                new Slice("bank", LatencyMatrix.gcp3(), 100_001),
                new Slice("kv:records=200,dist=zipf1", LatencyMatrix.gcp3(), 200_001),
                new Slice("list-append", LatencyMatrix.ec2five(), 300_001));
        int threads = Math.max(1, Runtime.getRuntime().availableProcessors());
        List<String> failures = new ArrayList<>();
        for (Slice slice : slices) {
            SimConfig config = SimConfig.builder().protocol(protocol).matrix(slice.matrix())
                    .workload(WorkloadSpec.parse(slice.workload())).build();
            SeedSweep.Summary summary = new SeedSweep(config, ProcedureRegistry.empty(), threads)
                    .run(slice.firstSeed(), SEEDS_PER_SLICE, null);
            String name = protocol + " " + slice.workload() + " on " + slice.matrix().name();
            System.out.printf("%-44s %s (%.1f s)%n", name, summary.line(), summary.wallMillis() / 1000.0);
            for (SeedResult r : summary.failures()) {
                failures.add(name + ": " + r.line() + "\n    " + r.report().summaryLine() + "\n    "
                        + String.join("\n    ", r.report().examples()) + "\n    replay: bin/catena-sim sweep -s "
                        + r.seed() + " --protocol " + protocol + " --workload " + slice.workload() + " --preset "
                        + slice.matrix().name());
            }
            assertThat(summary.committed()).as("%s committed something", name).isPositive();
        }
        assertThat(failures).as("failing seeds").isEmpty();
    }
}
