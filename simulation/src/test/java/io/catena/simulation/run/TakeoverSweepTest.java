package io.catena.simulation.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A standby takes over from a coordinator that is frozen, not dead, and wakes up in its
 * successor's term: every seed must end clean, and every old leader must have been stopped by a
 * fenced write. With the store's fence removed (a deliberate bug, not kept) the old leaders'
 * writes got in beside their successors', and each of the first four seeds failed with anomalies,
 * divergent regions and lost appends ({@code bin/catena-sim sweep -s 1 --faults takeover}: 75
 * anomalies, 21 divergent, 54 lost).
 */
class TakeoverSweepTest {

    private static final SweepSlice SLICE = new SweepSlice("list-append, a standby takes over from a frozen leader",
            1, 1, "--faults takeover");
    private static final long SEEDS = Long.getLong("catena.sim.takeoverSeeds", 30);

    @Test
    void everySeedIsCleanAndEveryOldLeaderIsFenced() {
        int threads = Math.max(1, Runtime.getRuntime().availableProcessors());
        SeedSweep.Summary summary = SLICE.run(SEEDS, threads);
        List<String> failures = SLICE.failures(summary);

        assertThat(failures).as("failing seeds").isEmpty();
        assertThat(summary.exercised().takeovers()).as("takeovers").isEqualTo(SEEDS);
        assertThat(summary.exercised().formerLeadersFenced()).as("old leaders stopped by a fenced write")
                .isEqualTo(SEEDS);
    }
}
