package io.catena.core.membership;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.catena.core.data.ChainKey;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

class MembershipHistoryTest {

    private static final ChainKey KEY = ChainKey.of("accounts", "alice");

    /** A history and the maps it was built from, with their epochs: the model is a linear search. */
    record Built(MembershipHistory history, List<Membership> model) {
    }

    @Property(tries = 300)
    void everyEpochIsRoutedByTheLatestMembershipFromAtOrBeforeIt(@ForAll("histories") Built b,
                                                               @ForAll("keys") ChainKey key) {
        for (long epoch = 1; epoch <= 60; epoch++) {
            Membership inEffect = b.model().get(0);
            for (Membership m : b.model()) {
                if (m.fromEpoch() <= epoch) {
                    inEffect = m;
                }
            }
            assertThat(b.history().serverFor(key, epoch)).as("epoch %d", epoch)
                    .isEqualTo(inEffect.ownership().ownerOf(HashPositions.INSTANCE, key));
        }
    }

    @Property(tries = 200)
    void membershipsTakeTheirPlaceByEpochWhateverTheOrderTheyAreHeardIn(@ForAll("histories") Built b) {
        List<Membership> later = new ArrayList<>(b.model().subList(1, b.model().size()));
        java.util.Collections.reverse(later);
        MembershipHistory reversed = MembershipHistory.initial(HashPositions.INSTANCE, b.model().get(0).ownership());
        for (Membership m : later) {
            reversed = reversed.with(m).with(m);
        }
        assertThat(reversed).isEqualTo(b.history());
    }

    @Example
    void aKeyMovesAtAMembershipOnlyIfItsOwnerThereDiffersFromTheEpochBefore() {
        OwnershipMap two = OwnershipMap.evenly(2);
        int owner = two.ownerOf(HashPositions.INSTANCE, KEY);
        OwnershipMap moved = two.reassign(owner, 1 - owner);
        Membership away = new Membership(10, moved);
        Membership back = new Membership(20, two);
        MembershipHistory h = MembershipHistory.hashed(2).with(away).with(back);

        assertThat(h.serverFor(KEY, 9)).isEqualTo(owner);
        assertThat(h.serverFor(KEY, 10)).isEqualTo(1 - owner);
        assertThat(h.serverFor(KEY, 20)).isEqualTo(owner);
        assertThat(h.movedAt(KEY, away)).isTrue();
        assertThat(h.movedAt(KEY, back)).isTrue();
        assertThat(h.movedAt(KEY, h.memberships().get(0))).isFalse();
        assertThat(h.servers()).containsExactly(0, 1);
    }

    @Example
    void twoMapsFromOneEpochOrAMapOfOtherPositionsAreRefused() {
        MembershipHistory h = MembershipHistory.hashed(2).with(new Membership(10, OwnershipMap.evenly(3)));

        assertThatThrownBy(() -> h.with(new Membership(10, OwnershipMap.evenly(4))))
                .hasMessageContaining("two memberships from epoch 10");
        assertThatThrownBy(() -> h.with(new Membership(11, new OwnershipMap("murmur3", List.of(new KeyRange(new byte[0], 0))))))
                .hasMessageContaining("cannot place keys by positions 'hash'");
    }

    @Provide
    Arbitrary<Built> histories() {
        Arbitrary<Integer> servers = Arbitraries.integers().between(1, 5);
        Arbitrary<List<Integer>> gaps = Arbitraries.integers().between(1, 15).list().ofMaxSize(4);
        Arbitrary<List<Integer>> picks = Arbitraries.integers().between(0, 1000).list().ofMinSize(4).ofMaxSize(4);
        return Combinators.combine(servers, gaps, picks).as((n, epochGaps, pick) -> {
            OwnershipMap map = OwnershipMap.evenly(n);
            List<Membership> model = new ArrayList<>(List.of(new Membership(1, map)));
            long epoch = 1;
            for (int i = 0; i < epochGaps.size(); i++) {
                epoch += epochGaps.get(i);
                map = map.move(pick.get(i) % map.ranges().size(), (pick.get(i) / 7) % (n + 2));
                model.add(new Membership(epoch, map));
            }
            MembershipHistory h = MembershipHistory.initial(HashPositions.INSTANCE, model.get(0).ownership());
            for (Membership m : model.subList(1, model.size())) {
                h = h.with(m);
            }
            return new Built(h, model);
        });
    }

    @Provide
    Arbitrary<ChainKey> keys() {
        return Arbitraries.strings().alpha().ofMaxLength(6).map(p -> ChainKey.of("t", p));
    }
}
