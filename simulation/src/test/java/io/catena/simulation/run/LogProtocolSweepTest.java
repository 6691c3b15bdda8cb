package io.catena.simulation.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The log protocols, Helios and Message Futures, under the same checker as Catena and the
 * baselines: every seed must end serializable, convergent, with nothing acknowledged lost, every
 * transaction answered and the sessions' read-your-writes and monotonic reads kept; a failure
 * prints the command that replays it. Helios adds the slices at the latency bound (epoch offsets);
 * Message Futures has no offsets to take.
 *
 * <p>What each part answers for, each shown by breaking it on a scratch build (PROTOCOL.md,
 * "Helios" and "Message Futures"):
 * <ul>
 *   <li>read-only transactions at a log position: reading the home's copy as it is, the
 *       dissertation's literal snapshot, made Helios' list-append slice fail 30 of 40 seeds (G2,
 *       the long fork);
 *   <li>the request check against pending writers, the abort of the own pending transactions a
 *       peer's pending record meets, and Helios' wait for every peer's log up to {@code q(t)}:
 *       leaving out any one had every slice stop at the replica's lost-update check (two commits
 *       overwriting one version) in all 40 seeds;
 *   <li>Message Futures' wait for every peer's acknowledgement of the last shipment before the
 *       request: waiting for 30 ms less crashed all 80 seeds of four slices at that same check,
 *       and counting a region that had built no shipment yet as acknowledged 6 of 20 list-append
 *       seeds; its read position, or versions at the pending record instead of the finished one:
 *       G2 in 3 of 20 list-append seeds and 1 of 20 mixed;
 *   <li>shipping only what is durable: shipping before had 39 of 40 Helios seeds fail when regions
 *       crash and restart (peers discarded records the restarted region had lost, and it refused
 *       their shipments from then on), 15 of 40 under mixed faults;
 *   <li>applying an own commit only once its finished record is durable: applying before failed 8
 *       of 100 Helios seeds crashed and 6 lost or divergent with slow stores and crashes (the
 *       slow-store slice; with the default fast store the window is too small to hit).
 * </ul>
 * The lookups slices must resolve every lookup with no late answer disagreeing, and the
 * interactive one must both commit and abort for a conflict.
 */
class LogProtocolSweepTest {

    private static final long SEEDS_PER_SLICE = Long.getLong("catena.sim.logSeeds", 100);

    @ParameterizedTest
    @ValueSource(strings = {"helios", "mf"})
    void everySeedIsSerializableConvergentAndAnswered(String protocol) {
        String on = "--load-s 3 --protocol " + protocol;
        List<SweepSlice> slices = new ArrayList<>(List.of(
                new SweepSlice(protocol + " list-append on gcp3", 1, 1, on),
                new SweepSlice(protocol + " bank on gcp3", 1, 100_001, on + " --workload bank"),
                new SweepSlice(protocol + " kv zipf1 on gcp3", 1, 200_001, on + " --workload kv:records=200,dist=zipf1"),
                new SweepSlice(protocol + " kv read-mostly on gcp3", 1, 500_001,
                        on + " --workload kv:records=48,max=6,write=0.1 --clients 8"),
                new SweepSlice(protocol + " " + ProtocolSweep.LOOKUPS, 1, 400_001, on + " --client-timeout-ms 300 --client-loss 0.05"),
                new SweepSlice(protocol + " " + ProtocolSweep.INTERACTIVE, 1, 600_001, on + " --workload rmw"),
                new SweepSlice(protocol + " list-append, regions crash and restart", 1, 700_001,
                        on + " --faults crash-coord"),
                new SweepSlice(protocol + " list-append, slow stores, regions crash and restart", 1, 800_001,
                        on + " --storage-ms 1-20 --faults crash-coord"),
                new SweepSlice(protocol + " list-append, mixed faults", 1, 900_001, on + " --faults mixed"),
                new SweepSlice(protocol + " " + ProtocolSweep.LOOKUPS + ", regions crash and restart", 1, 1_000_001,
                        on + " --faults crash-coord --client-timeout-ms 300 --client-loss 0.05")));
        if (protocol.equals("helios")) {
            slices.add(new SweepSlice("helios list-append at the bound (epoch offsets auto)", 1, 50_001,
                    on + " --epoch-offsets auto"));
            slices.add(new SweepSlice("helios list-append on ec2-5, offsets auto", 1, 300_001,
                    on + " --preset ec2-5 --epoch-offsets auto"));
        } else {
            slices.add(new SweepSlice(protocol + " list-append on ec2-5", 1, 300_001, on + " --preset ec2-5"));
        }
        List<String> failures = ProtocolSweep.failures(slices, SEEDS_PER_SLICE);
        assertThat(failures).as("failing seeds").isEmpty();
    }
}
