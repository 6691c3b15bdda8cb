package io.catena.simulation.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Helios under the same checker as Catena and the baselines: every seed must end serializable,
 * convergent, with nothing acknowledged lost, every transaction answered and the sessions'
 * read-your-writes and monotonic reads kept; a failure prints the command that replays it.
 *
 * <p>What each part of the protocol answers for, each shown by breaking it on a scratch build
 * (40 seeds a slice; PROTOCOL.md, "Helios"):
 * <ul>
 *   <li>read-only transactions at a log position: reading the home's copy as it is, the
 *       dissertation's literal snapshot, made the list-append slice fail 30 of 40 seeds (G2, the
 *       long fork);
 *   <li>the request check against preparing writers, the abort of the own preparing transactions
 *       a peer's preparing record meets, and waiting for every peer's log up to {@code q(t)}:
 *       leaving out any one had every slice stop at the replica's lost-update check (two commits
 *       overwriting one version) in all 40 seeds;
 *   <li>shipping only what is durable: shipping before had 39 of 40 seeds fail when regions crash
 *       and restart (peers discarded records the restarted region had lost, and it refused their
 *       shipments from then on), 15 of 40 under mixed faults;
 *   <li>applying an own commit only once its finished record is durable: applying before failed 8
 *       of 100 seeds crashed and 6 lost or divergent with slow stores and crashes (the slow-store
 *       slice; with the default fast store the window is too small to hit).
 * </ul>
 * The lookups slices must resolve every lookup with no late answer disagreeing, and the
 * interactive one must both commit and abort for a conflict.
 */
class HeliosSweepTest {

    private static final long SEEDS_PER_SLICE = Long.getLong("catena.sim.heliosSeeds", 100);

    @Test
    void everySeedIsSerializableConvergentAndAnswered() {
        String on = "--load-s 3 --protocol helios";
        List<SweepSlice> slices = List.of(
                new SweepSlice("helios list-append on gcp3", 1, 1, on),
                new SweepSlice("helios list-append at the bound (epoch offsets auto)", 1, 50_001,
                        on + " --epoch-offsets auto"),
                new SweepSlice("helios bank on gcp3", 1, 100_001, on + " --workload bank"),
                new SweepSlice("helios kv zipf1 on gcp3", 1, 200_001, on + " --workload kv:records=200,dist=zipf1"),
                new SweepSlice("helios kv read-mostly on gcp3", 1, 500_001,
                        on + " --workload kv:records=48,max=6,write=0.1 --clients 8"),
                new SweepSlice("helios list-append on ec2-5, offsets auto", 1, 300_001,
                        on + " --preset ec2-5 --epoch-offsets auto"),
                new SweepSlice("helios " + ProtocolSweep.LOOKUPS, 1, 400_001, on + " --client-timeout-ms 300 --client-loss 0.05"),
                new SweepSlice("helios " + ProtocolSweep.INTERACTIVE, 1, 600_001, on + " --workload rmw"),
                new SweepSlice("helios list-append, regions crash and restart", 1, 700_001,
                        on + " --faults crash-coord"),
                new SweepSlice("helios list-append, slow stores, regions crash and restart", 1, 800_001,
                        on + " --storage-ms 1-20 --faults crash-coord"),
                new SweepSlice("helios list-append, mixed faults", 1, 900_001, on + " --faults mixed"),
                new SweepSlice("helios " + ProtocolSweep.LOOKUPS + ", regions crash and restart", 1, 1_000_001,
                        on + " --faults crash-coord --client-timeout-ms 300 --client-loss 0.05"));
        List<String> failures = ProtocolSweep.failures(slices, SEEDS_PER_SLICE);
        assertThat(failures).as("failing seeds").isEmpty();
    }
}
