package io.catena.coordinator.decide;

import io.catena.coordinator.schedule.ConflictCluster;
import io.catena.coordinator.schedule.EpochClassification;
import io.catena.coordinator.schedule.ScheduledTxn;
import io.catena.core.data.ChainKey;
import io.catena.core.data.Version;
import io.catena.core.id.RegionId;
import io.catena.core.id.TxnId;
import io.catena.core.rlog.KeyOrderVote;
import io.catena.core.txn.Hop;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * Validation of speculative orders across regions (Catenae §VI-D), one contended key at a time,
 * then one cluster at a time.
 *
 * <p>The caller feeds only votes from included records logged within the vote window of their
 * epoch, and closes an epoch's window once every record of the window is decided; every input is
 * then a function of the replicated log, so every region decides the same versions. A cluster is
 * decided when all its contended keys are; the {@link ClusterLinearizer} turns the key orders
 * into ranks, and a member's version is (epoch, rank).
 */
public final class OrderDecisions {

    private final int regions;
    private final int voteWindowEpochs;
    private final Consumer<ClusterDecision> onDecided;
    private final TreeMap<Long, EpochVotes> epochs = new TreeMap<>();
    private final TreeMap<Long, List<EarlyVote>> early = new TreeMap<>();
    private long keysByMajority;
    private long keysByFallback;
    private long keysByClosedWindow;

    private record EarlyVote(RegionId region, KeyOrderVote vote) {
    }

    /** The tallies of one scheduled epoch. */
    private final class EpochVotes {
        final EpochClassification classification;
        final Map<ChainKey, KeyOrderTally> tallies = new HashMap<>();
        final Map<ChainKey, List<TxnId>> decidedKeys = new HashMap<>();
        final Map<ChainKey, Boolean> byFallback = new HashMap<>();
        final LinkedHashMap<TxnId, ConflictCluster> undecided = new LinkedHashMap<>();
        final Map<TxnId, ScheduledTxn> txns = new HashMap<>();
        boolean windowClosed;

        EpochVotes(EpochClassification classification) {
            this.classification = classification;
            for (ScheduledTxn t : classification.txns()) {
                txns.put(t.id(), t);
            }
            for (ConflictCluster c : classification.clusters()) {
                if (!c.conflicting()) {
                    continue;
                }
                undecided.put(c.first(), c);
                c.contendedKeys().forEach((key, members) ->
                        tallies.put(key, new KeyOrderTally(canonical(key, members), regions)));
            }
        }

        boolean writes(TxnId txn, ChainKey key) {
            for (Hop h : txns.get(txn).plan().hops()) {
                if (h.key().equals(key)) {
                    return h.access().writes();
                }
            }
            return false;
        }

        List<TxnId> canonical(ChainKey key, List<TxnId> arrivalOrder) {
            return KeyOrderVote.canonical(arrivalOrder, t -> writes(t, key));
        }
    }

    public OrderDecisions(int regions, int voteWindowEpochs, Consumer<ClusterDecision> onDecided) {
        this.regions = regions;
        this.voteWindowEpochs = voteWindowEpochs;
        this.onDecided = onDecided;
    }

    /** Starts tallying a scheduled epoch; votes that came before it count now. */
    public void register(EpochClassification classification) {
        EpochVotes ev = new EpochVotes(classification);
        epochs.put(classification.epoch(), ev);
        List<EarlyVote> waiting = early.remove(classification.epoch());
        if (waiting != null) {
            for (EarlyVote v : waiting) {
                add(ev, v.region(), v.vote());
            }
        }
        decideReady(ev);
    }

    /** A vote carried by an included record of epoch {@code recordEpoch}. */
    public void onVote(RegionId region, long recordEpoch, KeyOrderVote vote) {
        if (recordEpoch > vote.epoch() + voteWindowEpochs) {
            return;
        }
        EpochVotes ev = epochs.get(vote.epoch());
        if (ev == null) {
            early.computeIfAbsent(vote.epoch(), e -> new ArrayList<>()).add(new EarlyVote(region, vote));
            return;
        }
        if (add(ev, region, vote)) {
            decideReady(ev);
        }
    }

    /** Every record that could carry a vote on {@code epoch} is decided: decide what remains. */
    public void closeWindow(long epoch) {
        EpochVotes ev = epochs.get(epoch);
        if (ev != null && !ev.windowClosed) {
            ev.windowClosed = true;
            decideReady(ev);
        }
        early.headMap(epoch, true).clear();
    }

    public int voteWindowEpochs() {
        return voteWindowEpochs;
    }

    /** Forgets an epoch once all its clusters are decided and nothing refers to it. */
    public void forget(long epoch) {
        EpochVotes ev = epochs.get(epoch);
        if (ev != null && ev.undecided.isEmpty()) {
            epochs.remove(epoch);
        }
    }

    public boolean decidedAll(long epoch) {
        EpochVotes ev = epochs.get(epoch);
        return ev == null || ev.undecided.isEmpty();
    }

    public long keysByMajority() {
        return keysByMajority;
    }

    public long keysByFallback() {
        return keysByFallback;
    }

    /** Keys decided only when the vote window closed, with some region's vote missing (slow). */
    public long keysByClosedWindow() {
        return keysByClosedWindow;
    }

    private boolean add(EpochVotes ev, RegionId region, KeyOrderVote vote) {
        KeyOrderTally tally = ev.tallies.get(vote.key());
        return tally != null && !ev.decidedKeys.containsKey(vote.key()) && tally.add(region.index(), vote.order());
    }

    private void decideReady(EpochVotes ev) {
        for (Map.Entry<ChainKey, KeyOrderTally> e : ev.tallies.entrySet()) {
            if (ev.decidedKeys.containsKey(e.getKey())) {
                continue;
            }
            List<TxnId> order = e.getValue().decide(ev.windowClosed);
            if (order != null) {
                ev.decidedKeys.put(e.getKey(), order);
                boolean majority = hasMajority(e.getValue(), order);
                ev.byFallback.put(e.getKey(), !majority);
                if (majority) {
                    keysByMajority++;
                } else {
                    keysByFallback++;
                    if (e.getValue().voteCount() < regions) {
                        keysByClosedWindow++;
                    }
                }
            }
        }
        List<ConflictCluster> ready = new ArrayList<>();
        for (ConflictCluster c : ev.undecided.values()) {
            if (ev.decidedKeys.keySet().containsAll(c.contendedKeys().keySet())) {
                ready.add(c);
            }
        }
        for (ConflictCluster c : ready) {
            ev.undecided.remove(c.first());
            decideCluster(ev, c);
        }
    }

    private boolean hasMajority(KeyOrderTally tally, List<TxnId> order) {
        int count = 0;
        for (List<TxnId> v : tally.votes().values()) {
            if (v.equals(order)) {
                count++;
            }
        }
        return count >= regions / 2 + 1;
    }

    private void decideCluster(EpochVotes ev, ConflictCluster c) {
        TreeMap<ChainKey, List<TxnId>> keyOrders = new TreeMap<>();
        int fallback = 0;
        for (ChainKey k : c.contendedKeys().keySet()) {
            keyOrders.put(k, ev.decidedKeys.get(k));
            if (ev.byFallback.get(k)) {
                fallback++;
            }
        }
        ClusterLinearizer.Linearization l = ClusterLinearizer.linearize(c.members(), keyOrders, ev::writes);
        Map<TxnId, Version> versions = new LinkedHashMap<>();
        for (int rank = 0; rank < l.order().size(); rank++) {
            versions.put(l.order().get(rank), Version.of(ev.classification.epoch(), rank));
        }
        onDecided.accept(new ClusterDecision(ev.classification.epoch(), versions, keyOrders.size() - fallback, fallback,
                l.membersInCycles()));
    }
}
