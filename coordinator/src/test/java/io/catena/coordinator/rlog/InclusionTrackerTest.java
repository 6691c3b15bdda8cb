package io.catena.coordinator.rlog;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.core.id.RegionId;
import io.catena.core.rlog.BatchRef;
import io.catena.core.rlog.EpochVector;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class InclusionTrackerTest {

    private static final BatchRef REF = new BatchRef(RegionId.of(0), 5);

    @Test
    void withoutFaultToleranceEveryRecordIsIncludedAndNoneAbandoned() {
        InclusionTracker t = new InclusionTracker(3, 0);
        t.onAbandon(RegionId.of(1), REF);
        t.onAbandon(RegionId.of(2), REF);
        assertThat(t.decide(REF)).isEqualTo(Inclusion.INCLUDED);
    }

    @Test
    void inMajorityModeOneOtherHolderIncludesAndBothOthersMustAbandon() {
        InclusionTracker t = new InclusionTracker(3, 1);
        assertThat(t.decide(REF)).isEqualTo(Inclusion.UNDECIDED);
        t.onAbandon(RegionId.of(1), REF);
        assertThat(t.decide(REF)).isEqualTo(Inclusion.UNDECIDED);
        t.onReceipts(RegionId.of(2), EpochVector.of(5, 0, 0));
        assertThat(t.decide(REF)).isEqualTo(Inclusion.INCLUDED);

        InclusionTracker u = new InclusionTracker(3, 1);
        u.onAbandon(RegionId.of(1), REF);
        u.onAbandon(RegionId.of(2), REF);
        assertThat(u.decide(REF)).isEqualTo(Inclusion.ABANDONED);
    }

    @Test
    void theOriginsOwnReceiptIsNotAVote() {
        InclusionTracker t = new InclusionTracker(3, 1);
        t.onReceipts(RegionId.of(0), EpochVector.of(9, 9, 9));
        assertThat(t.decide(REF)).isEqualTo(Inclusion.UNDECIDED);
    }

    @Test
    void anAbandonVoteStandsWhenTheRecordArrivesLater() {
        InclusionTracker t = new InclusionTracker(3, 1);
        t.onAbandon(RegionId.of(1), REF);
        t.onReceipts(RegionId.of(1), EpochVector.of(9, 9, 9));
        t.onAbandon(RegionId.of(2), REF);
        assertThat(t.decide(REF)).isEqualTo(Inclusion.ABANDONED);
    }

    /**
     * Safety: each region votes once per record (hold in time, or abandon); observers see the
     * votes in any subset and order consistent with each voter's log. No two observers ever
     * decide differently.
     */
    @Property(tries = 2000)
    void observersNeverDisagree(@ForAll long seed, @ForAll @IntRange(min = 1, max = 7) int regions) {
        Random random = new Random(seed);
        int f = random.nextInt((regions - 1) / 2 + 1);
        BatchRef ref = new BatchRef(RegionId.of(random.nextInt(regions)), 1 + random.nextInt(4));
        // Each voter's single vote: 0 none yet, 1 holds, 2 abandons.
        int[] vote = new int[regions];
        for (int v = 0; v < regions; v++) {
            vote[v] = v == ref.origin().index() ? 1 : random.nextInt(3);
        }
        Inclusion first = observe(regions, f, ref, vote, random);
        Inclusion second = observe(regions, f, ref, vote, random);
        if (first != Inclusion.UNDECIDED && second != Inclusion.UNDECIDED) {
            assertThat(first).as("seed %d", seed).isEqualTo(second);
        }
    }

    private static Inclusion observe(int regions, int f, BatchRef ref, int[] vote, Random random) {
        InclusionTracker t = new InclusionTracker(regions, f);
        List<Integer> voters = new ArrayList<>();
        for (int v = 0; v < regions; v++) {
            voters.add(v);
        }
        Collections.shuffle(voters, random);
        int seen = random.nextInt(regions + 1);
        for (int i = 0; i < seen; i++) {
            int v = voters.get(i);
            if (vote[v] == 1) {
                long[] receipts = new long[regions];
                receipts[ref.origin().index()] = ref.epoch() + random.nextInt(3);
                t.onReceipts(RegionId.of(v), EpochVector.of(receipts));
            } else if (vote[v] == 2) {
                t.onAbandon(RegionId.of(v), ref);
                if (random.nextBoolean()) {
                    // The record may still arrive after the abandon vote.
                    long[] receipts = new long[regions];
                    receipts[ref.origin().index()] = ref.epoch();
                    t.onReceipts(RegionId.of(v), EpochVector.of(receipts));
                }
            }
        }
        return t.decide(ref);
    }
}
