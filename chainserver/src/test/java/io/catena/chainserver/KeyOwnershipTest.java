package io.catena.chainserver;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.core.data.ChainKey;
import io.catena.core.data.Version;
import io.catena.core.membership.HashPositions;
import io.catena.core.membership.Membership;
import io.catena.core.membership.MembershipHistory;
import io.catena.core.membership.OwnershipMap;
import org.junit.jupiter.api.Test;

/** The handoff rule as a chain server applies it to one key that goes from server A to B at 10 and back at 20. */
class KeyOwnershipTest {

    private static final ChainKey KEY = ChainKey.of("accounts", "alice");
    private static final OwnershipMap INITIAL = OwnershipMap.evenly(2);
    private static final int A = INITIAL.ownerOf(HashPositions.INSTANCE, KEY);
    private static final int B = 1 - A;
    private static final Membership AWAY = new Membership(10, INITIAL.reassign(A, B));
    private static final Membership BACK = new Membership(20, INITIAL);

    private static KeyOwnership server(int index) {
        KeyOwnership o = new KeyOwnership(MembershipHistory.hashed(2), index);
        o.announce(AWAY);
        o.announce(BACK);
        return o;
    }

    @Test
    void theNewOwnerWaitsForTheHandoffOnlyForEpochsFromTheChangeOn() {
        KeyOwnership a = server(A);
        KeyOwnership b = server(B);

        assertThat(a.awaitsHandoff(KEY, 9)).as("the old owner serves the epochs before the change").isFalse();
        assertThat(b.awaitsHandoff(KEY, 10)).isTrue();
        assertThat(a.awaitsHandoff(KEY, 20)).as("the key coming back waits too").isTrue();

        assertThat(b.handOff(10)).containsExactly(AWAY);
        assertThat(b.awaitsHandoff(KEY, 19)).isFalse();
        assertThat(a.handOff(10)).containsExactly(AWAY);
        assertThat(a.awaitsHandoff(KEY, 20)).as("until its own change is handed off").isTrue();
        assertThat(a.handOff(20)).containsExactly(BACK);
        assertThat(a.awaitsHandoff(KEY, 25)).isFalse();
        assertThat(a.handOff(15)).as("an old handoff heard again changes nothing").isEmpty();
    }

    @Test
    void snapshotReadsGoToTheOwnerOfTheNewestHandedOffMembershipUpToTheNextChangeAway() {
        KeyOwnership a = server(A);
        KeyOwnership b = server(B);

        assertThat(a.readableThrough(KEY)).isEqualTo(Version.endOf(9));
        assertThat(b.readableThrough(KEY)).isNull();

        a.handOff(10);
        b.handOff(10);
        assertThat(a.readableThrough(KEY)).as("the old owner no longer answers").isNull();
        assertThat(b.readableThrough(KEY)).isEqualTo(Version.endOf(19));

        a.handOff(20);
        b.handOff(20);
        assertThat(a.readableThrough(KEY)).isEqualTo(Version.MAX);
        assertThat(b.readableThrough(KEY)).isNull();
    }

    @Test
    void passesAreRoutedByTheMembershipOfTheTransactionsEpoch() {
        KeyOwnership a = server(A);

        assertThat(a.serverFor(KEY, 9)).isEqualTo(A);
        assertThat(a.serverFor(KEY, 10)).isEqualTo(B);
        assertThat(a.serverFor(KEY, 19)).isEqualTo(B);
        assertThat(a.serverFor(KEY, 20)).isEqualTo(A);
        assertThat(a.gainedAt(KEY, BACK)).isTrue();
        assertThat(a.gainedAt(KEY, AWAY)).isFalse();
    }
}
