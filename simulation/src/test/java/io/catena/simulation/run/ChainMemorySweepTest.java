package io.catena.simulation.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Chain servers with a memory budget of 1 KiB, less than most single partitions take: every key
 * is evicted as soon as nothing is pending on it and loaded again from the store when next
 * touched, so that each slice below runs on reloaded partitions all the time. Every seed must end
 * clean, and each slice must really have evicted and reloaded keys many times per seed.
 *
 * <p>The check can fail: with cold keys trimmed to their latest rows in memory instead of evicted
 * (so that a decided execution or snapshot read below their latest finds no history, and no
 * reload brings it back; a deliberate bug, not kept), {@code bin/catena-sim sweep --seeds 20
 * --faults mixed --chain-memory-bytes 1KiB} reported {@code anomalies=116 divergent=33 lost=83
 * unanswered=6} (seed 3 of it fails alone), and this test failed 14 of its 80 seeds (see
 * PROTOCOL.md, "The chain server's memory budget").
 *
 * <p>The read-only slice runs snapshot reads across chain servers while partitions load slowly
 * and ownership moves, so that a server often cannot answer and the coordinator asks again
 * while another server's answer to the round before is still on its way. When a query kept its
 * id across rounds, that late answer was counted in the new round: seed 30 of it crashed the
 * coordinator ("a snapshot read of 4 rows was answered with 2 results"), and 2 of 200 seeds
 * from 1 did (the other a NullPointerException, as a read-only eval on Cassandra met it).
 */
class ChainMemorySweepTest {

    private static final long SEEDS = Long.getLong("catena.sim.chainMemorySeeds", 20);
    private static final String TINY = " --chain-memory-bytes 1KiB";

    private static final List<SweepSlice> SLICES = List.of(
            new SweepSlice("list-append, 1 KiB budget, mixed faults", 1, 1, "--load-s 3 --faults mixed" + TINY),
            new SweepSlice("kv zipf1 rmw, 20 % read-only, 1 KiB budget, ownership changes", 1, 300_001,
                    "--workload kv:records=100,dist=zipf1,ro=0.2 --clients 8 --faults ownership" + TINY),
            new SweepSlice("bank in 3 branches, mixed audits, 1 KiB budget, mixed", 1, 700_001,
                    "--workload bank:branches=3,auditBy=mixed,audit=0.2 --clients 12 --faults mixed" + TINY),
            new SweepSlice("list-append, stores of 1-20 ms, 1 KiB budget, mixed", 1, 900_001,
                    "--faults mixed --storage-ms 1-20" + TINY),
            new SweepSlice("kv 70 % read-only on 3-6 keys, stores of 1-20 ms, 1 KiB budget, ownership changes", 1, 21,
                    "--workload kv:records=500,min=3,max=6,ro=0.7 --clients 16 --storage-ms 1-20 --faults ownership"
                            + TINY));

    @Test
    void everySeedIsCleanWhileKeysAreEvictedAndReloadedAllTheTime() {
        int threads = Math.max(1, Runtime.getRuntime().availableProcessors());
        List<String> failures = new ArrayList<>();
        List<ChainCacheCounts> counts = new ArrayList<>();
        for (SweepSlice slice : SLICES) {
            SeedSweep.Summary summary = slice.run(SEEDS, threads);
            failures.addAll(slice.failures(summary));
            counts.add(summary.exercised().cache());
        }
        assertThat(failures).as("failing seeds").isEmpty();
        for (int i = 0; i < SLICES.size(); i++) {
            String name = SLICES.get(i).name();
            assertThat(counts.get(i).evictions()).as(name + ": keys evicted").isGreaterThan(40 * SEEDS);
            assertThat(counts.get(i).loads()).as(name + ": partitions loaded, most of them again after an eviction")
                    .isGreaterThan(counts.get(i).evictions() / 2);
        }
    }
}
