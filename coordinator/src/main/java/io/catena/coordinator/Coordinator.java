package io.catena.coordinator;

import io.catena.catenae.message.BackwardPass;
import io.catena.catenae.message.ChainServerHello;
import io.catena.catenae.message.ChangeMembership;
import io.catena.catenae.message.EpochMessage;
import io.catena.catenae.message.EpochRetired;
import io.catena.catenae.message.KeyOrderReport;
import io.catena.catenae.message.SnapshotReply;
import io.catena.catenae.message.TxnComputed;
import io.catena.catenae.message.TxnFinalized;
import io.catena.coordinator.client.AnswerCodec;
import io.catena.coordinator.client.Backpressure;
import io.catena.coordinator.client.Batcher;
import io.catena.coordinator.client.ClientSessions;
import io.catena.coordinator.client.OutcomeLookups;
import io.catena.coordinator.commit.CommitTracker;
import io.catena.coordinator.decide.ClusterDecision;
import io.catena.coordinator.decide.OrderDecisions;
import io.catena.coordinator.membership.MembershipChanges;
import io.catena.coordinator.readonly.ReadOnlyQueries;
import io.catena.coordinator.rlog.AbandonDeadline;
import io.catena.coordinator.rlog.EpochShipper;
import io.catena.coordinator.rlog.Inclusion;
import io.catena.coordinator.rlog.InclusionTracker;
import io.catena.coordinator.rlog.OwnRecords;
import io.catena.coordinator.rlog.ReplicatedLog;
import io.catena.coordinator.rlog.ScheduleWait;
import io.catena.coordinator.schedule.ConflictCluster;
import io.catena.coordinator.schedule.EpochAssembler;
import io.catena.coordinator.schedule.EpochClassification;
import io.catena.coordinator.schedule.RequestIndex;
import io.catena.coordinator.schedule.ScheduledEpoch;
import io.catena.coordinator.schedule.ScheduledTxn;
import io.catena.core.config.ClusterConfig;
import io.catena.core.data.Row;
import io.catena.core.data.Version;
import io.catena.core.id.NodeId;
import io.catena.core.id.RegionId;
import io.catena.core.id.RequestId;
import io.catena.core.id.TxnId;
import io.catena.core.membership.MembershipHistory;
import io.catena.core.message.Message;
import io.catena.core.message.QueryOutcome;
import io.catena.core.message.SubmitReadOnly;
import io.catena.core.message.SubmitTxn;
import io.catena.core.procedure.ProcedureRegistry;
import io.catena.core.rlog.BatchRef;
import io.catena.core.rlog.KeyOrderVote;
import io.catena.core.rlog.RLogRecord;
import io.catena.core.rlog.TxnEntry;
import io.catena.core.spi.NodePorts;
import io.catena.core.spi.ProtocolNode;
import io.catena.core.txn.TxnResult;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Consumer;

/**
 * The coordinator of a region (Catenae §IV–VI): batches the transactions its clients send into
 * epochs, exchanges the replicated log with every other region, schedules each epoch once its
 * content is decided, turns order votes into decided versions, drives decided transactions
 * through the chain servers, and answers its clients.
 *
 * <p>Every decision that affects outcomes — which records make up an epoch, which transactions
 * are valid, which conflict, in what order they serialize — is a function of the replicated
 * log processed in a fixed order, so every region reaches the same decisions and the same
 * committed state. Speculation only decides how soon.
 *
 * <p>All durable state is the log, persisted through the storage port before it is shipped or
 * acted on; a coordinator created with {@code recover} rebuilds from it. Threading: one thread
 * at a time, driven by its host.
 */
public final class Coordinator implements ProtocolNode {

    private static final long HOUSEKEEPING_INTERVAL_MICROS = 1_000_000;
    private static final long STALL_REDRIVE_MICROS = 3_000_000;
    /**
     * How long a session keeps its answer for a client whose reply was lost: clients ask again
     * within their resend interval (a second by default). Later retries are served by the durable
     * answers, for the whole dedup window.
     */
    private static final long ANSWER_KEEP_MICROS = 10_000_000;
    /**
     * Epochs during which a retried request is recognised as a duplicate. Part of the protocol:
     * every region expires the same requests when it schedules the same epoch.
     */
    public static final long DEDUP_WINDOW_EPOCHS = 3_000;

    private final CoordinatorContext ctx;
    private final ReplicatedLog log;
    private final InclusionTracker inclusion;
    private final EpochShipper shipper;
    private final Batcher batcher;
    private final Backpressure backpressure;
    private final ClientSessions clients;
    private final OutcomeLookups lookups;
    private final OwnRecords own;
    private final AbandonDeadline deadline;
    private final RequestIndex requests = new RequestIndex();
    private final EpochAssembler assembler;
    private final OrderDecisions decisions;
    private final CommitTracker commits;
    private final ReadOnlyQueries readOnly;
    private final MembershipChanges memberships;

    private final TreeSet<BatchRef> awaitingInclusion = new TreeSet<>();
    private final Map<Long, EpochClassification> classifications = new HashMap<>();
    private final TreeMap<Long, List<ScheduledTxn>> releases = new TreeMap<>();
    private final OwnAnswers answers;
    private final long[] appliedByRegion;
    private long nextToSchedule = 1;
    /** The latest own record that became held and is not shipped yet, or 0. */
    private long ownHeldUnshipped;
    private long nowMicros;
    private long nextHousekeepingMicros;
    private RecoveryPhase recovery;
    /**
     * Whether a later leader's term has claimed the store (a write of this one was fenced): this
     * coordinator's term is over, so it sends nothing more and takes no further step.
     */
    private boolean deposed;
    /** Messages that arrived while recovering, in arrival order. */
    private final List<HeldBackMessage> heldBack = new ArrayList<>();

    private record HeldBackMessage(NodeId from, Message message) {
    }

    /** A coordinator; with {@code recover} it rebuilds from the persisted log before anything else. */
    public Coordinator(ClusterConfig config, RegionId region, ProcedureRegistry procedures, NodePorts ports,
                       boolean recover) {
        this(config, MembershipHistory.hashed(config.chainServersPerRegion()), region, procedures, ports, recover);
    }

    /**
     * As above, from the region's initial membership (the same on all its nodes); later ones are
     * this coordinator's to decide.
     */
    public Coordinator(ClusterConfig config, MembershipHistory initial, RegionId region, ProcedureRegistry procedures,
                       NodePorts ports, boolean recover) {
        NodePorts fenced = new NodePorts((to, message) -> {
            if (!deposed) {
                ports.outbox().send(to, message);
            }
        }, new FenceWatch(ports.storage(), this::stepDown), ports.meter());
        this.ctx = new CoordinatorContext(config, initial, region, procedures, fenced);
        this.inclusion = new InclusionTracker(config.regionCount(), config.faultTolerance());
        this.log = new ReplicatedLog(fenced.storage(), config.regionCount(), this::onHeld, this::onHeldRunEnd);
        this.shipper = new EpochShipper(ctx, log);
        this.batcher = new Batcher(ctx, 1);
        this.lookups = new OutcomeLookups(ctx, batcher, requests, this::recallAnswer);
        this.clients = new ClientSessions(ctx, batcher, lookups);
        this.deadline = new AbandonDeadline(ctx);
        this.backpressure = new Backpressure(config);
        this.own = new OwnRecords(ctx, log, inclusion, batcher, backpressure, deadline, 1);
        this.assembler = new EpochAssembler(ctx.planner, requests);
        this.decisions = new OrderDecisions(config.regionCount(), config.voteWindowEpochs(), this::onClusterDecided);
        this.commits = new CommitTracker(ctx, this::onResult);
        this.readOnly = new ReadOnlyQueries(ctx);
        this.memberships = new MembershipChanges(ctx, commits, () -> nextToSchedule, this::scheduleReadyEpochs);
        this.answers = new OwnAnswers(ctx, clients, requests);
        this.appliedByRegion = new long[config.regionCount()];
        this.recovery = recover ? RecoveryPhase.LOG_UNREAD : RecoveryPhase.RUNNING;
    }

    @Override
    public NodeId id() {
        return ctx.id;
    }

    public CoordinatorStats stats() {
        return ctx.stats;
    }

    public CoordinatorContext context() {
        return ctx;
    }

    /** The next epoch this region will schedule: everything before it has decided content here. */
    public long nextToSchedule() {
        return nextToSchedule;
    }

    public Version appliedThrough() {
        return commits.appliedThrough();
    }

    /** The last epoch of {@code origin}'s log this region holds: how far that region's epochs have arrived. */
    public long heldThrough(RegionId origin) {
        return log.heldThrough(origin);
    }

    /** Log records kept in memory: those not yet scheduled here or not yet held everywhere. */
    public int recordsInMemory() {
        return log.inMemoryCount();
    }

    /** Log records held here and not yet truncated: the replicated log's backlog. */
    public long heldRecords() {
        return log.heldCount();
    }

    /**
     * How far this region has durably got: every transaction at or below is applied here and
     * every answer to this region's clients up to there is persisted. A successor coordinator
     * resumes scheduling just after it.
     */
    private Version recordedApplied() {
        return Version.endOf(Math.min(commits.appliedThroughEpoch(), answers.durableThrough()));
    }

    /** Transactions that arrived and wait for room in one of this region's records. */
    public int queuedTransactions() {
        return batcher.queued();
    }

    public OrderDecisions decisions() {
        return decisions;
    }

    public int transactionsInFlight() {
        return commits.inFlight();
    }

    public boolean recovering() {
        return recovery.recovering();
    }

    /**
     * Why {@link #nextToSchedule} is not scheduled yet, in words, or null if nothing holds it back
     * (see {@link ScheduleWait}). For operators and for tests that find a region stuck.
     */
    public String schedulingBlocker() {
        if (recovery.recovering()) {
            return "recovering its log from storage";
        }
        if (nextToSchedule >= own.nextEpoch()) {
            return "its own clock has not closed epoch " + nextToSchedule + " yet";
        }
        return ScheduleWait.describe(ctx.config, nextToSchedule, log, inclusion);
    }

    /** A write was fenced: a successor leads, so this coordinator stops for good (see {@link #deposed}). */
    private void stepDown() {
        if (!deposed) {
            deposed = true;
            ctx.stats.steppedDown = 1;
        }
    }

    /** Whether this coordinator stepped down because a later leader's term claimed the store. */
    public boolean deposed() {
        return deposed;
    }

    @Override
    public void onMessage(long now, NodeId from, Message message) {
        nowMicros = now;
        if (deposed) {
            return;
        }
        if (recovery.recovering()) {
            heldBack.add(new HeldBackMessage(from, message));
            return;
        }
        closeDue(now);
        if (message instanceof SubmitTxn m) {
            clients.onSubmit(now, from, m);
        } else if (message instanceof QueryOutcome m) {
            lookups.onQuery(from, m);
        } else if (message instanceof SubmitReadOnly m) {
            readOnly.onSubmit(now, from, m);
        } else if (message instanceof EpochMessage m) {
            shipper.onTimetable(m.timetable(), now);
            for (RLogRecord r : m.records()) {
                if (log.offer(r, now)) {
                    deadline.onArrival(r.origin(), r.epoch(), now);
                }
            }
        } else if (message instanceof KeyOrderReport m) {
            own.offerVote(m.epoch(), m.key(), m.order());
        } else if (message instanceof TxnComputed m) {
            commits.onComputed(m, now);
        } else if (message instanceof TxnFinalized m) {
            commits.onFinalized(m, now);
            memberships.onApplied(now);
        } else if (message instanceof SnapshotReply m) {
            readOnly.onReply(now, m);
        } else if (message instanceof ChangeMembership m) {
            memberships.onChange(m.ownership());
        } else if (message instanceof ChainServerHello m) {
            memberships.onHello(m.server());
            commits.onChainServerHello(m.server(), m.incarnation(), nextToSchedule, now);
        }
    }

    @Override
    public void onWakeup(long now) {
        nowMicros = now;
        if (deposed) {
            return;
        }
        if (recovery.recovering()) {
            startRecovery();
            return;
        }
        closeDue(now);
        releaseDue(now);
        readOnly.onWakeup(now);
        if (now >= nextHousekeepingMicros) {
            nextHousekeepingMicros = now + HOUSEKEEPING_INTERVAL_MICROS;
            housekeeping(now);
        }
    }

    @Override
    public long nextWakeupMicros() {
        if (deposed) {
            return Long.MAX_VALUE;
        }
        if (recovery.recovering()) {
            return recovery == RecoveryPhase.READING_LOG ? Long.MAX_VALUE : 0;
        }
        long next = Math.min(own.nextCloseMicros(), nextHousekeepingMicros);
        if (!releases.isEmpty()) {
            next = Math.min(next, releases.firstKey());
        }
        return Math.min(next, readOnly.nextWakeupMicros());
    }

    // ---- the replicated log -------------------------------------------------------------------

    private void onHeld(RLogRecord record, long now) {
        nowMicros = now;
        RegionId voter = record.origin();
        for (BatchRef ref : record.abandons()) {
            inclusion.onAbandon(voter, ref);
        }
        inclusion.onReceipts(voter, record.receipts());
        // This region's own holding counts at once: a held record is persisted, so the receipts of
        // this region's next record will show it, and it never votes to abandon what it holds.
        inclusion.onReceipts(ctx.region, log.receipts());
        appliedByRegion[voter.index()] = Math.max(appliedByRegion[voter.index()], record.appliedThrough().epoch());
        backpressure.onRecord(record, ctx.region);
        awaitingInclusion.add(record.ref());
        if (voter.equals(ctx.region) && !recovery.recovering()) {
            clients.onLogged(record);
            ownHeldUnshipped = record.epoch();
        }
    }

    /** Closes the epochs that have ended, telling backpressure how far behind this region is first. */
    private void closeDue(long now) {
        Version applied = recordedApplied();
        long backlog = backpressure.onOwn(ctx.region, log.receipts(), nextToSchedule - 1, applied.epoch());
        ctx.stats.maxBacklogEpochs = Math.max(ctx.stats.maxBacklogEpochs, backlog);
        own.closeDue(now, applied);
    }

    /** After a run of records became held: decides what their votes settled, and ships once. */
    private void onHeldRunEnd(long now) {
        nowMicros = now;
        settleInclusion(now);
        if (ownHeldUnshipped > 0) {
            shipper.shipAll(now, ownHeldUnshipped);
            ownHeldUnshipped = 0;
        }
    }

    /** Applies the votes of records whose inclusion got decided, then schedules what became ready. */
    private void settleInclusion(long now) {
        List<BatchRef> settled = new ArrayList<>();
        for (BatchRef ref : awaitingInclusion) {
            Inclusion d = inclusion.decide(ref);
            if (d == Inclusion.UNDECIDED) {
                continue;
            }
            settled.add(ref);
            RLogRecord r = log.get(ref);
            if (r == null) {
                continue;
            }
            if (d == Inclusion.INCLUDED) {
                for (KeyOrderVote v : r.votes()) {
                    decisions.onVote(ref.origin(), ref.epoch(), v);
                }
            }
        }
        settled.forEach(awaitingInclusion::remove);
        scheduleReadyEpochs(now);
    }

    private void scheduleReadyEpochs(long now) {
        if (recovery.recovering()) {
            // Restoring: decisions wait until every persisted record is back.
            return;
        }
        // Never past an epoch this region has not closed: others may have abandoned its record
        // already (its clock runs behind theirs), but the record it writes later would carry
        // its clients' transactions into an epoch scheduled without them, never run or answered.
        // Nor past the start of a membership not yet persisted and announced: its footprints
        // must follow the announcement.
        while (nextToSchedule < own.nextEpoch() && memberships.mayLay(nextToSchedule)) {
            List<RLogRecord> included = new ArrayList<>();
            List<RLogRecord> abandoned = new ArrayList<>();
            RLogRecord unheldOwn = null;
            for (RegionId origin : ctx.config.regionIds()) {
                BatchRef ref = new BatchRef(origin, nextToSchedule);
                Inclusion d = inclusion.decide(ref);
                if (d == Inclusion.UNDECIDED || (d == Inclusion.INCLUDED && !log.holds(ref))) {
                    return;
                }
                if (d == Inclusion.INCLUDED) {
                    included.add(log.get(ref));
                } else if (log.holds(ref)) {
                    abandoned.add(log.get(ref));
                } else if (origin.equals(ctx.region)) {
                    unheldOwn = log.unheld(ref);
                }
            }
            schedule(nextToSchedule, included, abandoned, now);
            memberships.onApplied(now);
            if (unheldOwn != null) {
                answers.dropUnheldOwn(unheldOwn, now);
            }
            lookups.onScheduled(nextToSchedule);
            nextToSchedule++;
        }
    }

    // ---- scheduling -----------------------------------------------------------------------------

    private void schedule(long epoch, List<RLogRecord> included, List<RLogRecord> abandoned, long now) {
        requests.expireThrough(epoch - DEDUP_WINDOW_EPOCHS - 1, answers::onExpired);
        ScheduledEpoch se = assembler.assemble(epoch, included, abandoned);
        EpochClassification cls = se.classification();
        ctx.stats.txnsScheduled += cls.txns().size();
        answers.onScheduled(epoch, se, now);
        classifications.put(epoch, cls);
        commits.schedule(cls);
        decisions.register(cls);
        for (ScheduledTxn t : cls.txns()) {
            if (!cls.cluster(t.id()).conflicting()) {
                // Decided by its epoch alone. It still speculates, at once: later epochs' speculation
                // on its keys waits for it, and must not wait for its decided execution, which
                // waits in turn for earlier conflicting writers to be decided across regions.
                ctx.stats.nonConflicting++;
                release(t);
                commits.decideAlone(t.id(), now);
            } else {
                // Replays the arrival pattern, so that regions' races resemble each other.
                ctx.stats.conflicting++;
                releases.computeIfAbsent(now + t.offsetMicros(), x -> new ArrayList<>()).add(t);
            }
        }
        long closing = epoch - ctx.config.voteWindowEpochs();
        if (closing >= 1) {
            decisions.closeWindow(closing);
            ctx.outbox.send(NodeId.resolver(ctx.region), new EpochRetired(closing));
            classifications.remove(closing - 1);
            decisions.forget(closing - 1);
        }
        releaseDue(now);
    }

    /** Starts the speculative backward pass of conflicting transactions, replaying their arrival pattern. */
    private void releaseDue(long now) {
        while (!releases.isEmpty() && releases.firstKey() <= now) {
            releases.pollFirstEntry().getValue().forEach(this::release);
        }
    }

    private void release(ScheduledTxn t) {
        ctx.outbox.send(ctx.chainServer(ctx.ownership.serverFor(t.plan().hop(0).key(), t.id().epoch())),
                new BackwardPass(t.id(), t.spec(), 0, Row.EMPTY, false));
    }

    private void onClusterDecided(ClusterDecision decision) {
        ctx.stats.clustersDecided++;
        ctx.stats.keysDecidedByMajority += decision.keysByMajority();
        ctx.stats.keysDecidedByFallback += decision.keysByFallback();
        ctx.stats.membersInCycles += decision.membersInCycles();
        TxnId any = decision.versions().keySet().iterator().next();
        ConflictCluster cluster = classifications.get(decision.epoch()).cluster(any);
        commits.decideCluster(decision, cluster, nowMicros);
    }

    private void recallAnswer(RequestId request, Consumer<AnswerCodec.Answer> found) {
        answers.recall(request, found);
    }

    private void onResult(TxnId txn, RequestId request, TxnResult result, Version version, boolean contended,
                          long now) {
        answers.answer(txn, request, new AnswerCodec.Answer(result, version, contended), now);
    }

    // ---- housekeeping and recovery ---------------------------------------------------------------

    private void housekeeping(long now) {
        log.retryPersisting(now);
        answers.retryFailedWrites();
        memberships.retryFailed();
        commits.redriveStalled(now, STALL_REDRIVE_MICROS);
        clients.expire(now, ANSWER_KEEP_MICROS);
        clients.forget(batcher.takeLate());
        long minApplied = recordedApplied().epoch();
        for (long a : appliedByRegion) {
            minApplied = Math.min(minApplied, a);
        }
        for (RegionId origin : ctx.config.regionIds()) {
            long heldByAll = shipper.timetable().heldByAll(origin);
            log.release(origin, Math.min(heldByAll, nextToSchedule - 1));
            // Records stay for the dedup window: a successor coordinator rebuilds the index from them.
            long through = Math.min(heldByAll, minApplied - 1 - DEDUP_WINDOW_EPOCHS);
            if (through > log.truncatedThrough(origin)) {
                log.truncate(origin, through);
            }
        }
        inclusion.forgetThrough(minApplied - 1);
    }

    private void startRecovery() {
        if (recovery != RecoveryPhase.LOG_UNREAD) {
            return;
        }
        recovery = RecoveryPhase.READING_LOG;
        memberships.readBack((read, ignored, readFailure) -> {
            if (readFailure != null) {
                recovery = RecoveryPhase.LOG_UNREAD;
                return;
            }
            ctx.storage.readLog().whenDone((now, records, failure) -> {
                nowMicros = now;
                if (failure != null) {
                    recovery = RecoveryPhase.LOG_UNREAD;
                    return;
                }
                restore(records, now);
            });
        });
    }

    /**
     * Rebuilds from the persisted log: the records (and so every vote and decision), where this
     * region had got to, and which requests earlier epochs carried. Epochs after the last applied
     * one are scheduled again; chain servers ignore what they already have and recompute decided
     * executions identically.
     */
    private void restore(List<RLogRecord> records, long now) {
        long appliedEpoch = 0;
        for (RLogRecord r : records) {
            if (r.origin().equals(ctx.region)) {
                own.restoreFrom(r);
                appliedEpoch = Math.max(appliedEpoch, r.appliedThrough().epoch());
            }
        }
        nextToSchedule = appliedEpoch + 1;
        commits.resumeAfter(appliedEpoch);
        answers.resumeAfter(appliedEpoch);
        batcher.closedThrough(own.nextEpoch() - 1);
        // Own abandon votes first: they were cast before this region held those records, and
        // must count as votes, as in every other region's reading of this log.
        for (RLogRecord r : records) {
            if (r.origin().equals(ctx.region)) {
                r.abandons().forEach(ref -> inclusion.onAbandon(ctx.region, ref));
            }
        }
        log.restore(records, now);
        // The request index as scheduling left it: included records of the window, in schedule order.
        List<RLogRecord> window = new ArrayList<>();
        for (RLogRecord r : records) {
            if (r.epoch() < nextToSchedule && r.epoch() > nextToSchedule - 1 - DEDUP_WINDOW_EPOCHS
                    && inclusion.decide(r.ref()) == Inclusion.INCLUDED) {
                window.add(r);
            }
        }
        window.sort(java.util.Comparator.comparing(RLogRecord::ref));
        for (RLogRecord r : window) {
            for (TxnEntry t : r.txns()) {
                requests.register(t.request(), t.id());
            }
            r.cancels().forEach(c -> requests.cancel(c, r.epoch()));
        }
        recovery = RecoveryPhase.RUNNING;
        memberships.announceRecovered();
        settleInclusion(now);
        for (HeldBackMessage m : heldBack) {
            onMessage(now, m.from(), m.message());
        }
        heldBack.clear();
    }
}
