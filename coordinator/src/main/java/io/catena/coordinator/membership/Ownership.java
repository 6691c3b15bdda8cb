package io.catena.coordinator.membership;

import io.catena.core.data.ChainKey;
import io.catena.core.membership.MembershipHistory;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * Where the coordinator sends what is about a key: the region's announced memberships, which
 * place every transaction's keys by the map of its epoch, and how far their changes are handed
 * off, which places snapshot reads. {@link MembershipChanges} moves it forward; every other part
 * only asks. Owned by the coordinator's thread.
 */
public final class Ownership {

    private MembershipHistory history;
    /** Every membership from this epoch or earlier is handed off. */
    private long handedOffThrough = 1;
    /** Every chain server the region runs or ran: each gets every epoch's footprints, if only to idle. */
    private final SortedSet<Integer> servers = new TreeSet<>();

    public Ownership(MembershipHistory initial) {
        this.history = initial;
        servers.addAll(initial.servers());
    }

    /** The chain server of {@code key} for a transaction of {@code epoch}. */
    public int serverFor(ChainKey key, long epoch) {
        return history.serverFor(key, epoch);
    }

    /**
     * The chain server that answers snapshot reads of {@code key}: its owner in the newest
     * handed-off membership, which holds every version of it up to there.
     */
    public int readServerFor(ChainKey key) {
        return history.serverFor(key, handedOffThrough);
    }

    /** The chain servers that get every epoch's footprints, in index order. */
    public SortedSet<Integer> servers() {
        return servers;
    }

    public MembershipHistory history() {
        return history;
    }

    public long handedOffThrough() {
        return handedOffThrough;
    }

    void adopt(MembershipHistory next) {
        history = next;
        servers.addAll(next.servers());
    }

    void handedOffThrough(long epoch) {
        handedOffThrough = Math.max(handedOffThrough, epoch);
    }

    /** A chain server said hello: it runs, so it gets footprints even before it owns anything. */
    void heardFrom(int server) {
        servers.add(server);
    }
}
