package io.catena.coordinator.decide;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.core.id.RegionId;
import io.catena.core.id.TxnId;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class KeyOrderTallyTest {

    private static final TxnId A = new TxnId(3, RegionId.of(0), 0);
    private static final TxnId B = new TxnId(3, RegionId.of(1), 0);
    private static final TxnId C = new TxnId(3, RegionId.of(2), 0);

    @Test
    void aMajorityDecidesWithoutWaitingForTheRest() {
        KeyOrderTally t = new KeyOrderTally(List.of(A, B), 3);
        t.add(0, List.of(B, A));
        assertThat(t.decide(false)).isNull();
        t.add(2, List.of(B, A));
        assertThat(t.decide(false)).containsExactly(B, A);
    }

    @Test
    void withoutAMajorityItWaitsForEveryRegionThenTakesThePluralityWithTheLowestRegionOnTies() {
        KeyOrderTally t = new KeyOrderTally(List.of(A, B, C), 3);
        t.add(2, List.of(C, B, A));
        t.add(1, List.of(B, A, C));
        assertThat(t.decide(false)).isNull();
        t.add(0, List.of(A, C, B));
        assertThat(t.decide(false)).containsExactly(A, C, B);
    }

    @Test
    void aClosedWindowDecidesOnTheVotesCastAndOnTheCanonicalOrderIfThereAreNone() {
        KeyOrderTally empty = new KeyOrderTally(List.of(A, B), 5);
        assertThat(empty.decide(true)).containsExactly(A, B);
        KeyOrderTally one = new KeyOrderTally(List.of(A, B), 5);
        one.add(4, List.of(B, A));
        assertThat(one.decide(false)).isNull();
        assertThat(one.decide(true)).containsExactly(B, A);
    }

    @Test
    void malformedAndRepeatedVotesAreIgnored() {
        KeyOrderTally t = new KeyOrderTally(List.of(A, B), 3);
        assertThat(t.add(0, List.of(A))).isFalse();
        assertThat(t.add(0, List.of(A, C))).isFalse();
        assertThat(t.add(0, List.of(A, A))).isFalse();
        assertThat(t.add(0, List.of(B, A))).isTrue();
        assertThat(t.add(0, List.of(A, B))).isFalse();
        assertThat(t.voteCount()).isEqualTo(1);
    }

    /**
     * The safety property: two regions that have seen different subsets of the same votes, and
     * both decide before the window closes, decide the same order.
     */
    @Property(tries = 1000)
    void regionsThatSeeDifferentVotesNeverDecideDifferently(@ForAll long seed,
                                                            @ForAll @IntRange(min = 1, max = 7) int regions,
                                                            @ForAll @IntRange(min = 2, max = 4) int txns) {
        Random random = new Random(seed);
        List<TxnId> canonical = new ArrayList<>();
        for (int i = 0; i < txns; i++) {
            canonical.add(new TxnId(1, RegionId.of(0), i));
        }
        // Few distinct orders, so that agreement and disagreement both happen often.
        List<List<TxnId>> orders = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            List<TxnId> o = new ArrayList<>(canonical);
            Collections.shuffle(o, random);
            orders.add(o);
        }
        List<List<TxnId>> votes = new ArrayList<>();
        for (int r = 0; r < regions; r++) {
            votes.add(random.nextInt(4) == 0 ? null : orders.get(random.nextInt(orders.size())));
        }
        List<TxnId> first = decideSeeing(canonical, regions, votes, random);
        List<TxnId> second = decideSeeing(canonical, regions, votes, random);
        if (first != null && second != null) {
            assertThat(first).isEqualTo(second);
        }
    }

    private static List<TxnId> decideSeeing(List<TxnId> canonical, int regions, List<List<TxnId>> votes,
                                            Random random) {
        KeyOrderTally t = new KeyOrderTally(canonical, regions);
        List<Integer> arrival = new ArrayList<>();
        for (int r = 0; r < regions; r++) {
            arrival.add(r);
        }
        Collections.shuffle(arrival, random);
        int seen = random.nextInt(regions + 1);
        for (int i = 0; i < seen; i++) {
            int r = arrival.get(i);
            if (votes.get(r) != null) {
                t.add(r, votes.get(r));
            }
        }
        return t.decide(false);
    }
}
