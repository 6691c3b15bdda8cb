package io.catena.simulation.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.simulation.client.InteractiveCounts;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The CI sweep: {@code catena.sim.seeds} seeds (1,000 by default, and 45 % more for partition
 * reads, clock offsets, clients that give up, aborts on later hops and interactive transactions)
 * spread over mixed fault schedules, workloads, networks, region counts, fault tolerances
 * and byte bounds small enough for padded transactions to meet them. Every seed must end with
 * no anomaly, no divergence between regions, no lost acknowledged commit and every transaction
 * answered. A failure prints the command that replays it, made from the slice's own flags.
 */
class SimulationSweepTest {

    private static final String LOOKUPS = "list-append, clients give up after 300 ms and look up, mixed";
    private static final String LATE_COPIES = "list-append, copies arriving after the dedup window";

    /** Each slice as the flags of {@code catena-sim sweep}; loads last 3 s (the command's default is 2 s). */
    static List<SweepSlice> slices() {
        List<SweepSlice> s = new ArrayList<>();
        s.add(new SweepSlice("list-append, mixed faults", 0.20, 1, "--load-s 3 --faults mixed"));
        s.add(new SweepSlice("list-append padded, small byte bounds, mixed", 0.10, 500_001,
                "--load-s 3 --workload list-append:pad=1200,padShare=0.3 --clients 12 --max-txn-bytes 2048"
                        + " --max-record-bytes 5120 --max-message-bytes 6144 --faults mixed"));
        // Six accounts and ten clients a region: contention enough for decided cycles and for
        // transfers that find the payer short.
        s.add(new SweepSlice("bank, 6 accounts, mixed faults, majority mode", 0.20, 100_001,
                "--load-s 3 --workload bank:accounts=6 --clients 10 --faults mixed --fault-tolerance 1"));
        s.add(new SweepSlice("list-append, 12 keys, rough network, mixed faults", 0.20, 200_001,
                "--load-s 3 --workload list-append:keys=12 --clients 12 --network rough --faults mixed"));
        // Read-modify-writes, whose reads let the checker order each record's versions, and
        // read-only transactions, on 100 Zipf records with 8 clients a region.
        s.add(new SweepSlice("kv zipf1 read-modify-write, 20 % read-only, mixed", 0.15, 300_001,
                "--load-s 3 --workload kv:records=100,dist=zipf1,ro=0.2 --clients 8 --faults mixed"));
        s.add(new SweepSlice("list-append, 8 keys, 5 EC2 regions, f=2, mixed", 0.15, 400_001,
                "--load-s 3 --workload list-append:keys=8 --clients 8 --preset ec2-5 --faults mixed"
                        + " --fault-tolerance 2"));
        // Audits reading branch partitions whole next to accounts read by key: with 12 clients a
        // chain server that read partitions at their latest version fails 90 of 100 seeds.
        s.add(new SweepSlice("bank in 3 branches, mixed audits, mixed faults", 0.05, 700_001,
                "--load-s 3 --workload bank:branches=3,auditBy=mixed,audit=0.2 --clients 12 --faults mixed"));
        // A region whose clock runs half a second behind, with a tolerance that lets the others
        // abandon its records first: before it waited for its own records, it scheduled those
        // epochs and never answered the transactions its later records carried (16 of 100 seeds).
        s.add(new SweepSlice("list-append, clocks off by 500 ms, 50 ms tolerance, f=1", 0.05, 800_001,
                "--load-s 3 --workload list-append:keys=6 --clients 6 --fault-tolerance 1 --max-clock-offset-ms 500"
                        + " --delay-tolerance-ms 50 --faults mixed"));
        s.addAll(laterHopSlices());
        // Clients that stop waiting after 300 ms, as applications do when the client library gives
        // up, and look the outcome up: thousands of lookups (at the default seed count), some of
        // which cancel requests whose copies keep arriving, so the checker holds each 'not
        // committed' to never having committed; a late answer must agree with its lookup.
        s.add(new SweepSlice(LOOKUPS, 0.05, 900_001,
                "--load-s 3 --workload list-append:keys=12 --clients 8 --faults mixed --client-timeout-ms 300"));
        // Copies of one region's transactions that arrive again 31 s later, after the first copy
        // left the dedup window: a coordinator that takes them in runs them twice (every seed).
        s.add(new SweepSlice(LATE_COPIES, 0.05, 1_300_001, "--load-s 3 --faults late-copies"));
        // Interactive read-modify-writes: a snapshot read, then writes validated by checks that
        // nothing read changed. Six clients a region on eight registers make most of them abort
        // for a conflict, and clients that give up look commits up and drop unanswered reads. An
        // executor that passed every Unchanged check failed every seed of this slice and the
        // next (lost updates: G2 cycles here, money created or destroyed there).
        s.add(new SweepSlice("rmw interactive, 8 registers, give up after 300 ms, mixed", 0.10, 1_400_001,
                "--load-s 3 --workload rmw:keys=8 --clients 6 --faults mixed --client-timeout-ms 300"));
        // Interactive transfers that set both balances to what they computed from their snapshot:
        // without the checks, two from one snapshot lose an update and create or destroy money.
        s.add(new SweepSlice("bank, interactive transfers, 12 accounts, mixed", 0.05, 1_500_001,
                "--load-s 3 --workload bank:accounts=12,interactive=1 --clients 4 --faults mixed"));
        return s;
    }

    /**
     * Aborts on a later hop than writes: a chain server that released a transaction's held writes
     * although a later hop could still abort it fails every seed of each of these, and no seed of
     * the other slices; each slice alone catches it for its own kind of abort (a check, a
     * procedure's decision, an insert).
     */
    static List<SweepSlice> laterHopSlices() {
        return List.of(
                new SweepSlice("bank, payer checked last, splits, f=1", 0.05, 1_000_001,
                        "--load-s 3 --workload bank:payer=last,balance=100,split=0.3 --clients 12 --faults mixed"
                                + " --fault-tolerance 1"),
                new SweepSlice("bank, procedure aborting on the payer's hop", 0.05, 1_100_001,
                        "--load-s 3 --workload bank:calls=1,balance=100,split=0.3 --clients 12 --faults mixed"),
                new SweepSlice("list-append ending on inserts that may fail", 0.05, 1_200_001,
                        "--load-s 3 --workload list-append:insert=0.5 --clients 12 --faults mixed"));
    }

    @Test
    void everySeedIsSerializableConvergentAndAnswered() {
        long seeds = Long.getLong("catena.sim.seeds", 1000);
        int threads = Math.max(1, Runtime.getRuntime().availableProcessors());
        List<String> failures = new ArrayList<>();
        long total = 0;
        for (SweepSlice slice : slices()) {
            long count = Math.max(1, Math.round(seeds * slice.share()));
            SeedSweep.Summary summary = slice.run(count, threads);
            total += summary.seeds();
            failures.addAll(slice.failures(summary));
            if (summary.committed() == 0) {
                failures.add(slice.name() + " committed nothing");
            }
            if (slice.name().equals(LOOKUPS)) {
                assertThat(summary.exercised().lookups().asked()).as("%s looked outcomes up", slice.name())
                        .isPositive();
                assertThat(summary.exercised().lookups().disagreed()).as("late answers against lookups").isZero();
            }
            if (slice.flags().contains("--workload rmw") || slice.flags().contains("interactive=")) {
                InteractiveCounts interactive = summary.exercised().interactive();
                if (interactive.committed() == 0 || interactive.conflicts() == 0) {
                    failures.add(slice.name() + " did not both commit and abort for a conflict: " + interactive.line());
                }
            }
            if (slice.name().equals(LATE_COPIES)) {
                assertThat(summary.exercised().lateCopies()).as("%s left late copies out", slice.name()).isPositive();
            }
            if (slice.flags().contains("--max-txn-bytes")) {
                System.out.printf("%-48s %s%n", "", summary.bounds().line());
                assertThat(summary.bounds().seedsHit()).as("%s met the byte bounds", slice.name()).isPositive();
            }
        }
        assertThat(total).isGreaterThanOrEqualTo(seeds);
        assertThat(failures).as("failing seeds").isEmpty();
    }
}
