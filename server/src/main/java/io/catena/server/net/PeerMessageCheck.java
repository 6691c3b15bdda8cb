package io.catena.server.net;

import io.catena.baselines.Protocol;
import io.catena.core.config.ClusterConfig;
import io.catena.core.id.NodeId;
import io.catena.core.id.RegionId;
import io.catena.core.id.TxnId;
import io.catena.core.message.ClaimKeys;
import io.catena.core.message.ClaimReply;
import io.catena.core.message.CommitApplied;
import io.catena.core.message.CommitWrites;
import io.catena.core.message.EpochMessage;
import io.catena.core.message.Message;
import io.catena.core.message.ReleaseKeys;
import io.catena.core.rlog.BatchRef;
import io.catena.core.rlog.EpochVector;
import io.catena.core.rlog.KeyOrderVote;
import io.catena.core.rlog.RLogRecord;
import io.catena.core.rlog.Timetable;
import io.catena.core.rlog.TxnEntry;
import io.catena.server.host.MicrosClock;
import io.catena.wire.NodeMessage;
import java.util.function.Supplier;

/**
 * What a peer region may send this one, checked before anything reaches the coordinator. The
 * protocol's only inter-region traffic is the epoch message from one coordinator to another
 * ({@code EpochShipper}), so that is all a region link may carry, and it may name only the
 * cluster's regions and only epochs the sender's clock could have reached.
 *
 * <p>Why at the edge: the coordinator trusts its peers' logs. A record of an epoch far in the
 * future would sit in the log's reorder buffer for good and shadow the genuine record of that
 * epoch; a timetable claiming a peer holds everything would stop this region from shipping to
 * it; a region index beyond the cluster fails the coordinator's step. None of these can come from
 * a healthy peer, so the whole message is dropped and the peer told why. A legitimate message is
 * never refused unless the peer's clock runs more than {@link #MAX_CLOCK_AHEAD_MICROS} ahead of
 * ours (or its genesis differs), which the refusal names so the operator can fix the clocks.
 *
 * <p>Every transaction of every epoch message passes here, so a check costs comparisons only: the
 * sentence naming what is wrong is built when something is.
 *
 * <p>Immutable; any thread.
 */
public final class PeerMessageCheck {

    /**
     * How far a peer's clock may run ahead of this process's before its epochs are refused:
     * far beyond the error of NTP-synchronised clocks, far below a runaway epoch number.
     */
    public static final long MAX_CLOCK_AHEAD_MICROS = 5_000_000;

    private final ClusterConfig config;
    private final RegionId local;
    private final int regions;
    private final MicrosClock clock;
    private final Protocol algorithm;

    /**
     * @param config the cluster's protocol settings (regions, epoch length)
     * @param local  this process's region
     * @param clock  this region's protocol clock, counting from the cluster's genesis
     */
    public PeerMessageCheck(ClusterConfig config, RegionId local, MicrosClock clock) {
        this(config, local, clock, Protocol.CATENA);
    }

    /**
     * @param algorithm what the cluster runs; under a baseline, region links carry the baseline's
     *                  messages instead of epoch messages
     */
    public PeerMessageCheck(ClusterConfig config, RegionId local, MicrosClock clock, Protocol algorithm) {
        this.config = config;
        this.local = local;
        this.regions = config.regionCount();
        this.clock = clock;
        this.algorithm = algorithm;
    }

    /**
     * Why {@code m}, received on the link from region {@code peer}, is refused, in one sentence;
     * null if it may be delivered.
     */
    public String problem(RegionId peer, NodeMessage m) {
        if (!m.from().region().equals(peer)) {
            return "a message claims to come from " + m.from() + " on " + link(peer);
        }
        if (!m.to().region().equals(local) || m.to().role() == NodeId.Role.CLIENT) {
            return "a message is addressed to " + m.to() + ", which is not a node of this region";
        }
        if (algorithm.isBaseline()) {
            return baselineProblem(peer, m);
        }
        if (!(m.message() instanceof EpochMessage epochs)) {
            return "region links carry epoch messages only, not " + m.message().type();
        }
        if (m.from().role() != NodeId.Role.COORDINATOR || m.to().role() != NodeId.Role.COORDINATOR) {
            return "an epoch message goes from coordinator to coordinator, not from " + m.from() + " to " + m.to();
        }
        if (!epochs.from().equals(peer)) {
            return "an epoch message on " + link(peer) + " names " + epochs.from() + " as its sender";
        }
        long horizon = newestPlausibleEpoch();
        String problem = timetableProblem(epochs.timetable(), horizon);
        for (int i = 0; problem == null && i < epochs.records().size(); i++) {
            problem = recordProblem(epochs.records().get(i), horizon);
        }
        return problem;
    }

    /**
     * Under a baseline, coordinators exchange its five messages only. A home sends claims,
     * releases and commits of its own transactions; answers come back to the transaction's home.
     */
    private String baselineProblem(RegionId peer, NodeMessage m) {
        if (m.from().role() != NodeId.Role.COORDINATOR || m.to().role() != NodeId.Role.COORDINATOR) {
            return "a " + algorithm + " message goes from coordinator to coordinator, not from " + m.from() + " to " + m.to();
        }
        Message body = m.message();
        TxnId txn;
        RegionId home;
        if (body instanceof ClaimKeys c) {
            txn = c.txn();
            home = peer;
        } else if (body instanceof ReleaseKeys r) {
            txn = r.txn();
            home = peer;
        } else if (body instanceof CommitWrites c) {
            txn = c.txn();
            home = peer;
        } else if (body instanceof ClaimReply r) {
            txn = r.txn();
            home = local;
        } else if (body instanceof CommitApplied a) {
            txn = a.txn();
            home = local;
        } else {
            return "region links of a " + algorithm + " cluster carry its claims, releases and commits, not "
                    + body.type();
        }
        if (!txn.origin().equals(home)) {
            return "a " + body.type() + " on " + link(peer) + " is about " + txn + ", whose home is not region "
                    + config.regionName(home);
        }
        return null;
    }

    private String link(RegionId peer) {
        return "region " + config.regionName(peer) + "'s link";
    }

    /** The newest epoch a peer whose clock is at most {@link #MAX_CLOCK_AHEAD_MICROS} ahead can have closed. */
    long newestPlausibleEpoch() {
        return (clock.nowMicros() + MAX_CLOCK_AHEAD_MICROS) / config.epochLengthMicros() + 1;
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
