package io.catena.core.membership;

import io.catena.core.data.ChainKey;
import java.util.ArrayList;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * A region's memberships in epoch order, with the positions their maps place keys by: the
 * deterministic state every node of the region agrees on, so that every decision about a
 * transaction of epoch {@code e} (where its footprints go, where its passes and finalizations go)
 * uses the map in effect at {@code e}, whoever makes it and whenever. Immutable.
 */
public final class MembershipHistory {

    private final KeyPositions positions;
    /** Sorted by epoch, the first from epoch 1. */
    private final List<Membership> memberships;

    private MembershipHistory(KeyPositions positions, List<Membership> memberships) {
        this.positions = positions;
        this.memberships = List.copyOf(memberships);
    }

    /** A region's history before any change: {@code initial} from epoch 1. */
    public static MembershipHistory initial(KeyPositions positions, OwnershipMap initial) {
        if (!positions.scheme().equals(initial.scheme())) {
            throw new IllegalArgumentException("an ownership map of positions '" + initial.scheme()
                    + "' cannot place keys by positions '" + positions.scheme() + "'");
        }
        return new MembershipHistory(positions, List.of(new Membership(1, initial)));
    }

    /** The history of a region whose store has no layout of its own: the hash dealt evenly to {@code servers}. */
    public static MembershipHistory hashed(int servers) {
        return initial(HashPositions.INSTANCE, OwnershipMap.evenly(servers));
    }

    public KeyPositions positions() {
        return positions;
    }

    /** Every membership, oldest first. */
    public List<Membership> memberships() {
        return memberships;
    }

    public Membership latest() {
        return memberships.get(memberships.size() - 1);
    }

    /**
     * This history with {@code next} in its place by epoch; itself if it already holds
     * {@code next} (an announcement heard again). A chain server that joins may hear of a
     * membership before the history its coordinator sends it, so the place need not be the end;
     * two maps from one epoch never are.
     */
    public MembershipHistory with(Membership next) {
        if (memberships.contains(next)) {
            return this;
        }
        if (!next.ownership().scheme().equals(positions.scheme())) {
            throw new IllegalArgumentException("an ownership map of positions '" + next.ownership().scheme()
                    + "' cannot place keys by positions '" + positions.scheme() + "'");
        }
        List<Membership> grown = new ArrayList<>(memberships);
        int at = grown.size();
        while (at > 0 && grown.get(at - 1).fromEpoch() >= next.fromEpoch()) {
            if (grown.get(at - 1).fromEpoch() == next.fromEpoch()) {
                throw new IllegalArgumentException("two memberships from epoch " + next.fromEpoch() + ": "
                        + grown.get(at - 1).ownership() + " and " + next.ownership());
            }
            at--;
        }
        grown.add(at, next);
        return new MembershipHistory(positions, grown);
    }

    /** The membership in effect at {@code epoch}. */
    public Membership at(long epoch) {
        for (int i = memberships.size() - 1; i > 0; i--) {
            if (memberships.get(i).fromEpoch() <= epoch) {
                return memberships.get(i);
            }
        }
        return memberships.get(0);
    }

    /** The chain server that owns {@code key} for transactions of {@code epoch}. */
    public int serverFor(ChainKey key, long epoch) {
        return at(epoch).ownership().ownerOf(positions, key);
    }

    /**
     * Whether {@code key} changed owner at {@code membership}: its owner from then on is not the
     * one of the epoch before.
     */
    public boolean movedAt(ChainKey key, Membership membership) {
        if (membership.fromEpoch() == 1) {
            return false;
        }
        byte[] position = positions.positionOf(key);
        return at(membership.fromEpoch() - 1).ownership().ownerOf(position) != membership.ownership().ownerOf(position);
    }

    /** Every chain server that owns a range in some membership of the history. */
    public SortedSet<Integer> servers() {
        SortedSet<Integer> servers = new TreeSet<>();
        memberships.forEach(m -> servers.addAll(m.ownership().owners()));
        return servers;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof MembershipHistory h && positions.scheme().equals(h.positions.scheme())
                && memberships.equals(h.memberships);
    }

    @Override
    public int hashCode() {
        return memberships.hashCode();
    }

    @Override
    public String toString() {
        return positions.scheme() + memberships;
    }
}
