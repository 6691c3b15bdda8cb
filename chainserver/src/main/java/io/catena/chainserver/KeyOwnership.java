package io.catena.chainserver;

import io.catena.core.data.ChainKey;
import io.catena.core.data.Version;
import io.catena.core.membership.Membership;
import io.catena.core.membership.MembershipHistory;
import java.util.List;

/**
 * Which keys this chain server owns in which epoch, as the coordinator announced, and which
 * ownership changes are handed off: every transaction of the epochs before them is applied in the
 * store.
 *
 * <p>The rule (see PROTOCOL.md, "Membership epochs and ownership changes"): a key's owner from
 * membership epoch {@code E} on gets every footprint and pass of epochs {@code >= E} on it, but
 * neither loads nor executes anything there until the change is handed off, then loads the key
 * from storage, where the old owner's work of the epochs before {@code E} has landed. Snapshot
 * reads go to the owner of the newest handed-off membership, which answers at most up to the next
 * change that takes the key away. Owned by the chain server's thread.
 */
final class KeyOwnership {

    private final int self;
    private MembershipHistory history;
    /** Every membership from this epoch or earlier is handed off. */
    private long handedOffThrough = 1;

    KeyOwnership(MembershipHistory history, int self) {
        this.history = history;
        this.self = self;
    }

    /** A membership the coordinator announced (again, after a resync or its recovery: a no-op). */
    void announce(Membership membership) {
        history = history.with(membership);
    }

    /**
     * The coordinator's word that every membership up to {@code fromEpoch} is handed off; returns
     * those that were not before, oldest first.
     */
    List<Membership> handOff(long fromEpoch) {
        List<Membership> now = history.memberships().stream()
                .filter(m -> m.fromEpoch() > handedOffThrough && m.fromEpoch() <= fromEpoch).toList();
        handedOffThrough = Math.max(handedOffThrough, fromEpoch);
        return now;
    }

    long handedOffThrough() {
        return handedOffThrough;
    }

    /** The chain server of {@code key} for a transaction of {@code epoch}. */
    int serverFor(ChainKey key, long epoch) {
        return history.serverFor(key, epoch);
    }

    boolean owns(ChainKey key, long epoch) {
        return serverFor(key, epoch) == self;
    }

    /** Whether {@code key} came to this server at {@code membership} (it must then load it afresh). */
    boolean gainedAt(ChainKey key, Membership membership) {
        return membership.ownership().ownerOf(history.positions(), key) == self && history.movedAt(key, membership);
    }

    /**
     * Whether work of {@code epoch} on {@code key} must wait: the key came to this server at a
     * membership epoch at or before it that is not handed off yet, so the old owner may still have
     * writes of earlier epochs to apply.
     */
    boolean awaitsHandoff(ChainKey key, long epoch) {
        if (history.latest().fromEpoch() <= handedOffThrough) {
            return false;
        }
        for (Membership m : history.memberships()) {
            if (m.fromEpoch() > handedOffThrough && m.fromEpoch() <= epoch && gainedAt(key, m)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The newest version at which this server may answer a snapshot read of {@code key}, or null
     * if another server answers it: the key's owner in the newest handed-off membership answers,
     * up to the end of the epoch before a later membership that takes the key away.
     */
    Version readableThrough(ChainKey key) {
        if (!owns(key, handedOffThrough)) {
            return null;
        }
        for (Membership m : history.memberships()) {
            if (m.fromEpoch() > handedOffThrough && m.ownership().ownerOf(history.positions(), key) != self) {
                return Version.endOf(m.fromEpoch() - 1);
            }
        }
        return Version.MAX;
    }
}
