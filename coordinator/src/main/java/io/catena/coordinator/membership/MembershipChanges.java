package io.catena.coordinator.membership;

import io.catena.catenae.message.AnnounceMembership;
import io.catena.catenae.message.KeysHandedOff;
import io.catena.coordinator.CoordinatorContext;
import io.catena.coordinator.commit.CommitTracker;
import io.catena.core.membership.Membership;
import io.catena.core.membership.MembershipHistory;
import io.catena.core.membership.OwnershipMap;
import io.catena.core.spi.Completion;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.LongConsumer;
import java.util.function.LongSupplier;

/**
 * Membership changes, as the coordinator carries them out (see PROTOCOL.md, "Membership epochs and
 * ownership changes"). A change asked for by the host becomes a membership from the next epoch the
 * coordinator has not scheduled, {@code E}; scheduling waits at {@code E} while the membership is
 * persisted ({@link MembershipStore}), then every chain server hears of it before any footprint of
 * {@code E} (links inside a region are FIFO). Once every epoch before {@code E} is applied in the
 * region, every chain server hears that the change is handed off: the keys' new owners may load
 * them from storage and run. One change at a time, in the order asked.
 *
 * <p>Owned by the coordinator's thread; storage completions arrive on it.
 */
public final class MembershipChanges {

    private final CoordinatorContext ctx;
    private final MembershipStore store;
    private final CommitTracker commits;
    private final LongSupplier nextToSchedule;
    /** Told when a persisted change lets scheduling go on. */
    private final LongConsumer resume;
    private final ArrayDeque<OwnershipMap> asked = new ArrayDeque<>();
    /** The membership being persisted: no epoch from its own is scheduled until it is announced. */
    private Membership persisting;
    private boolean persistFailed;
    /** When each membership not yet handed off was announced, by its epoch: the handoffs' waits. */
    private final TreeMap<Long, Long> announcedMicros = new TreeMap<>();

    public MembershipChanges(CoordinatorContext ctx, CommitTracker commits, LongSupplier nextToSchedule,
                             LongConsumer resume) {
        this.ctx = ctx;
        this.commits = commits;
        this.store = new MembershipStore(ctx.storage);
        this.nextToSchedule = nextToSchedule;
        this.resume = resume;
    }

    /** The host asks for {@code ownership}; a map of other positions than the region's is refused. */
    public void onChange(OwnershipMap ownership) {
        if (!ownership.scheme().equals(ctx.ownership.history().positions().scheme())) {
            ctx.stats.membershipChangesRefused++;
            return;
        }
        asked.add(ownership);
        startNext();
    }

    /** Whether the footprints of {@code epoch} may be laid: no membership from it on is still being persisted. */
    public boolean mayLay(long epoch) {
        return persisting == null || epoch < persisting.fromEpoch();
    }

    private void startNext() {
        while (persisting == null && !asked.isEmpty()) {
            OwnershipMap next = asked.poll();
            Membership latest = ctx.ownership.history().latest();
            if (!next.equals(latest.ownership())) {
                persisting = new Membership(Math.max(nextToSchedule.getAsLong(), latest.fromEpoch() + 1), next);
                persist();
            }
        }
    }

    private void persist() {
        Membership m = persisting;
        store.persist(m, (now, ignored, failure) -> {
            if (failure != null) {
                persistFailed = true;
                return;
            }
            persisting = null;
            announce(m, now);
            resume.accept(now);
            startNext();
        });
    }

    /** Persists again a membership whose write failed (at the coordinator's housekeeping). */
    public void retryFailed() {
        if (persistFailed) {
            persistFailed = false;
            persist();
        }
    }

    private void announce(Membership m, long nowMicros) {
        ctx.stats.membershipChanges++;
        ctx.ownership.adopt(ctx.ownership.history().with(m));
        for (int s : ctx.ownership.servers()) {
            ctx.outbox.send(ctx.chainServer(s), new AnnounceMembership(m.fromEpoch(), m.ownership()));
        }
        announcedMicros.put(m.fromEpoch(), nowMicros);
        onApplied(nowMicros);
    }

    /**
     * More epochs may be applied in the region: hands off every membership whose earlier epochs
     * all are.
     */
    public void onApplied(long nowMicros) {
        if (handOff()) {
            Map<Long, Long> done = announcedMicros.headMap(ctx.ownership.handedOffThrough(), true);
            for (long announced : done.values()) {
                ctx.stats.handoffs++;
                ctx.stats.handoffWaitMicros += nowMicros - announced;
            }
            done.clear();
            for (int s : ctx.ownership.servers()) {
                ctx.outbox.send(ctx.chainServer(s), new KeysHandedOff(ctx.ownership.handedOffThrough()));
            }
        }
    }

    /** Moves the handoff on as far as the applied epochs allow; whether it moved. */
    private boolean handOff() {
        long before = ctx.ownership.handedOffThrough();
        if (ctx.ownership.history().latest().fromEpoch() <= before) {
            return false;
        }
        for (Membership m : ctx.ownership.history().memberships()) {
            if (m.fromEpoch() - 1 <= commits.appliedThroughEpoch()) {
                ctx.ownership.handedOffThrough(m.fromEpoch());
            }
        }
        return ctx.ownership.handedOffThrough() > before;
    }

    /**
     * A chain server (re)started with only the initial membership: tells it the history and how
     * far it is handed off, before its resync lays any footprint.
     */
    public void onHello(int server) {
        ctx.ownership.heardFrom(server);
        tell(server);
    }

    private void tell(int server) {
        List<Membership> history = ctx.ownership.history().memberships();
        for (Membership m : history.subList(1, history.size())) {
            ctx.outbox.send(ctx.chainServer(server), new AnnounceMembership(m.fromEpoch(), m.ownership()));
        }
        if (ctx.ownership.handedOffThrough() > 1) {
            ctx.outbox.send(ctx.chainServer(server), new KeysHandedOff(ctx.ownership.handedOffThrough()));
        }
    }

    /** Reads the persisted memberships back (a replaced coordinator, before anything else). */
    public void readBack(Completion<Void> done) {
        store.readAll((now, found, failure) -> {
            if (failure == null) {
                MembershipHistory history = ctx.ownership.history();
                for (Membership m : found) {
                    history = history.with(m);
                }
                ctx.ownership.adopt(history);
            }
            done.complete(now, null, failure);
        });
    }

    /**
     * After recovery, before scheduling anything: every chain server hears the whole history
     * again (the previous coordinator may have persisted a membership and died before announcing
     * it) and how far it is handed off.
     */
    public void announceRecovered() {
        handOff();
        ctx.ownership.servers().forEach(this::tell);
    }
}
