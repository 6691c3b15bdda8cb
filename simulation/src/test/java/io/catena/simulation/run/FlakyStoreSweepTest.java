package io.catena.simulation.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A flaky store: each call fails on its own with some probability, half of the failed calls
 * after the store took them, while the calls around them succeed. Every seed must end clean, and
 * each slice must really have failed calls.
 *
 * <p>The check can fail: with a chain server that sends a key's next apply to storage while an
 * earlier one is still unacknowledged (the order before applies per key were serialized; a
 * deliberate bug, not kept), the store takes the later version, ignores the earlier one's retry
 * as a version at or below its latest, and a reload misses the earlier writes. The first slice
 * below then failed 6 of its 40 seeds ({@code anomalies=43 divergent=10}: money created and
 * destroyed), for example {@code bin/catena-sim sweep -s 4 --workload bank:branches=3 --faults
 * flaky-store --clients 12 --storage-ms 1-20 --chain-memory-bytes 1KiB}.
 */
class FlakyStoreSweepTest {

    private static final long SEEDS = Long.getLong("catena.sim.flakyStoreSeeds", 40);

    private static final List<SweepSlice> SLICES = List.of(
            new SweepSlice("bank in 3 branches, stores of 1-20 ms, 1 KiB budget, a flaky store", 1, 1,
                    "--workload bank:branches=3 --faults flaky-store --clients 12 --storage-ms 1-20"
                            + " --chain-memory-bytes 1KiB"),
            new SweepSlice("list-append, a flaky store", 1, 500_001, "--faults flaky-store"),
            new SweepSlice("interactive read-modify-writes, stores of 1-20 ms, a flaky store", 1, 800_001,
                    "--workload rmw --faults flaky-store --storage-ms 1-20"));

    @Test
    void everySeedIsCleanWhileSingleStoreCallsFail() {
        int threads = Math.max(1, Runtime.getRuntime().availableProcessors());
        List<String> failures = new ArrayList<>();
        List<Long> failed = new ArrayList<>();
        for (SweepSlice slice : SLICES) {
            SeedSweep.Summary summary = slice.run(SEEDS, threads);
            failures.addAll(slice.failures(summary));
            failed.add(summary.exercised().storeCallsFailed());
        }
        assertThat(failures).as("failing seeds").isEmpty();
        for (int i = 0; i < SLICES.size(); i++) {
            assertThat(failed.get(i)).as(SLICES.get(i).name() + ": store calls failed").isGreaterThan(20 * SEEDS);
        }
    }
}
