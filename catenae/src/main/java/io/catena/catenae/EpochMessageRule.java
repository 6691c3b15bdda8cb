package io.catena.catenae;

import io.catena.catenae.message.EpochMessage;
import io.catena.core.config.ClusterConfig;
import io.catena.core.epoch.Epochs;
import io.catena.core.id.NodeId;
import io.catena.core.id.RegionId;
import io.catena.core.id.TxnId;
import io.catena.core.message.Message;
import io.catena.core.protocol.PeerRule;
import io.catena.core.rlog.BatchRef;
import io.catena.core.rlog.EpochVector;
import io.catena.core.rlog.KeyOrderVote;
import io.catena.core.rlog.RLogRecord;
import io.catena.core.rlog.Timetable;
import io.catena.core.rlog.TxnEntry;
import java.util.function.Supplier;

/**
 * What a peer region may send under Catena. Its only inter-region traffic is the epoch message
 * from one coordinator to another ({@code EpochShipper}), so that is all a region link may carry,
 * and it may name only the cluster's regions and only epochs the sender's clock could have reached.
 *
 * <p>Why at the edge: the coordinator trusts its peers' logs. A record of an epoch far in the
 * future would sit in the log's reorder buffer for good and shadow the genuine record of that
 * epoch; a timetable claiming a peer holds everything would stop this region from shipping to
 * it; a region index beyond the cluster fails the coordinator's step. None of these can come from
 * a healthy peer. A legitimate message is never refused unless the peer's clock runs more than
 * {@link #MAX_CLOCK_AHEAD_MICROS} ahead of ours (or its genesis differs), which the refusal names
 * so the operator can fix the clocks.
 *
 * <p>Every transaction of every epoch message passes here, so a check costs comparisons only: the
 * sentence naming what is wrong is built when something is. Immutable; any thread.
 */
public final class EpochMessageRule implements PeerRule {

    /**
     * How far a peer's clock may run ahead of this process's before its epochs are refused:
     * far beyond the error of NTP-synchronised clocks, far below a runaway epoch number.
     */
    public static final long MAX_CLOCK_AHEAD_MICROS = 5_000_000;

    private final ClusterConfig config;
    private final Epochs epochs;
    private final int regions;

    public EpochMessageRule(ClusterConfig config) {
        this.config = config;
        this.epochs = new Epochs(config.epochLengthMicros());
        this.regions = config.regionCount();
    }

    @Override
    public String problem(RegionId peer, NodeId from, NodeId to, Message message, long nowMicros) {
        if (!(message instanceof EpochMessage epochs)) {
            return "region links carry epoch messages only, not " + message.type();
        }
        if (from.role() != NodeId.Role.COORDINATOR || to.role() != NodeId.Role.COORDINATOR) {
            return "an epoch message goes from coordinator to coordinator, not from " + from + " to " + to;
        }
        if (!epochs.from().equals(peer)) {
            return "an epoch message on region " + config.regionName(peer) + "'s link names " + epochs.from()
                    + " as its sender";
        }
        long horizon = newestPlausibleEpoch(nowMicros);
        String problem = timetableProblem(epochs.timetable(), horizon);
        for (int i = 0; problem == null && i < epochs.records().size(); i++) {
            problem = recordProblem(epochs.records().get(i), horizon);
        }
        return problem;
    }

    /** The newest epoch a peer whose clock is at most {@link #MAX_CLOCK_AHEAD_MICROS} ahead can have closed. */
    public long newestPlausibleEpoch(long nowMicros) {
        return epochs.epochAt(nowMicros + MAX_CLOCK_AHEAD_MICROS);
    }

    private String timetableProblem(Timetable timetable, long horizon) {
        if (timetable.size() != regions) {
            return "its timetable has " + timetable.size() + " rows for a cluster of " + regions + " regions";
        }
        for (int i = 0; i < regions; i++) {
            int row = i;
            String problem = vectorProblem(timetable.row(RegionId.of(i)), horizon, () -> "its timetable row " + row);
            if (problem != null) {
                return problem;
            }
        }
        return null;
    }
    private String recordProblem(RLogRecord r, long horizon) {
        Supplier<String> what = () -> "the record " + r.origin() + "@" + r.epoch();
        String problem = regionProblem(r.origin(), what);
        if (problem == null) {
            problem = epochProblem(r.epoch(), horizon, what);
        }
        if (problem == null) {
            problem = vectorProblem(r.receipts(), horizon, () -> "the receipts of " + what.get());
        }
        if (problem == null) {
            problem = epochProblem(r.appliedThrough().epoch(), horizon,
                    () -> "the applied-through version of " + what.get());
        }
        for (int i = 0; problem == null && i < r.abandons().size(); i++) {
            BatchRef ref = r.abandons().get(i);
            problem = refProblem(ref.origin(), ref.epoch(), horizon, () -> "an abandon vote of " + what.get());
        }
        for (int i = 0; problem == null && i < r.txns().size(); i++) {
            TxnEntry t = r.txns().get(i);
            problem = refProblem(t.id().origin(), t.id().epoch(), horizon,
                    () -> "transaction " + t.id() + " of " + what.get());
        }
        for (int i = 0; problem == null && i < r.votes().size(); i++) {
            problem = voteProblem(r.votes().get(i), horizon, what);
        }
        return problem;
    }

    private String voteProblem(KeyOrderVote vote, long horizon, Supplier<String> record) {
        // Not the key itself: it is the peer's text, of any length.
        Supplier<String> what = () -> "a key-order vote of epoch " + vote.epoch() + " in " + record.get();
        String problem = epochProblem(vote.epoch(), horizon, what);
        for (int i = 0; problem == null && i < vote.order().size(); i++) {
            TxnId t = vote.order().get(i);
            problem = refProblem(t.origin(), t.epoch(), horizon, () -> "transaction " + t + " in " + what.get());
        }
        return problem;
    }

    private String vectorProblem(EpochVector v, long horizon, Supplier<String> what) {
        if (v.size() != regions) {
            return what.get() + " has " + v.size() + " epochs for a cluster of " + regions + " regions";
        }
        for (int i = 0; i < regions; i++) {
            String problem = epochProblem(v.get(i), horizon, what);
            if (problem != null) {
                return problem;
            }
        }
        return null;
    }

    private String refProblem(RegionId origin, long epoch, long horizon, Supplier<String> what) {
        String problem = regionProblem(origin, what);
        return problem != null ? problem : epochProblem(epoch, horizon, what);
    }

    private String regionProblem(RegionId region, Supplier<String> what) {
        return region.index() < regions ? null
                : what.get() + " names region " + region + " in a cluster of " + regions + " regions";
    }

    private static String epochProblem(long epoch, long horizon, Supplier<String> what) {
        return epoch <= horizon ? null
                : what.get() + " is of epoch " + epoch + ", beyond epoch " + horizon + " that this node's clock allows; "
                        + "check both regions' clocks and genesis";
    }
}
