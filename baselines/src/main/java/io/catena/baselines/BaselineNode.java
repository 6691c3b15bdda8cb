package io.catena.baselines;

import io.catena.baselines.message.ClaimKeys;
import io.catena.baselines.message.ClaimReply;
import io.catena.baselines.message.ClaimVerdict;
import io.catena.baselines.message.CommitApplied;
import io.catena.baselines.message.CommitWrites;
import io.catena.baselines.message.ReleaseKeys;
import io.catena.core.config.ClusterConfig;
import io.catena.core.data.ChainKey;
import io.catena.core.data.Row;
import io.catena.core.data.RowWrite;
import io.catena.core.data.SnapshotRows;
import io.catena.core.data.Version;
import io.catena.core.exec.HopExecutor;
import io.catena.core.id.NodeId;
import io.catena.core.id.RegionId;
import io.catena.core.id.RequestId;
import io.catena.core.id.TxnId;
import io.catena.core.message.Message;
import io.catena.core.message.QueryOutcome;
import io.catena.core.message.SubmitReadOnly;
import io.catena.core.message.SubmitTxn;
import io.catena.core.message.TxnReply;
import io.catena.core.procedure.ProcedureRegistry;
import io.catena.core.spi.NodePorts;
import io.catena.core.spi.ProtocolNode;
import io.catena.core.txn.Outcome;
import io.catena.core.txn.ReadOnlyTxn;
import io.catena.core.txn.TxnPlanner;
import io.catena.core.txn.TxnResult;
import io.catena.kit.AnswerCodec;
import io.catena.kit.Execution;
import io.catena.kit.KeyCommit;
import io.catena.kit.Outcomes;
import io.catena.kit.Replica;
import io.catena.kit.StableRecords;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.Predicate;

/**
 * A region's coordinator under a baseline protocol: the one node of the region, in the
 * coordinator's place, so that clients, the transport and the stores see no difference. It plays
 * two parts: home of the transactions its clients send (it runs them and answers), and
 * participant in everybody's transactions (it grants or validates claims on its copy of the data
 * and applies commits). Subclasses supply the concurrency control; the commit (Paxos Commit's
 * second phase: apply everywhere, answer once a majority has it durable) is common.
 *
 * <p>Survives its own crash as Paxos Commit's participants must ({@link StableRecords}): a region
 * records what it grants before the grant leaves, and a home its decision before the commit
 * does; a restarted node reads both back before it serves anything, holds its grants again and
 * sends its decided commits again. What a crash loses on the way (claims, commits and releases to
 * a region that is down, grants to a home that forgot their transaction) is made good by sending
 * again, every {@link #RESEND_MICROS}: claims to regions that have not answered, commits to regions
 * that have not made them durable, and every grant held to its home, which answers a grant of a
 * transaction it no longer runs with a release. Messages are not otherwise retransmitted. The
 * answers given to clients survive too, within the deduplication window ({@link Outcomes}).
 *
 * <p>Deterministic and free of I/O, like every protocol node: time, messages and storage come
 * through {@link ProtocolNode} and {@link NodePorts}.
 */
public abstract class BaselineNode implements ProtocolNode {

    /** How often what a crash may have lost is sent again (class comment). */
    static final long RESEND_MICROS = 1_000_000;
    /** Where a region keeps its stable records: one partition of a table no transaction may touch. */
    static final ChainKey RECORDS = ChainKey.of("__baseline_records", "records");

    protected final ClusterConfig config;
    protected final RegionId region;
    protected final BaselineSettings settings;
    protected final Replica replica;
    protected final StableRecords records;
    private final NodeId self;
    private final List<NodeId> coordinators = new ArrayList<>();
    private final NodePorts ports;
    private final TxnPlanner planner;
    private final HopExecutor executor;
    private final Outcomes outcomes;
    private final Map<RequestId, HomeTxn> byRequest = new LinkedHashMap<>();
    private final Map<TxnId, HomeTxn> byTxn = new LinkedHashMap<>();
    /** Answered commits not yet durable in every region: the run is not over until they are. */
    private final Map<TxnId, HomeTxn> spreading = new LinkedHashMap<>();
    private final ArrayDeque<Message> toSelf = new ArrayDeque<>();
    /** Messages that arrived while the node read its stable records back, in arrival order. */
    private List<Runnable> beforeRecovery = new ArrayList<>();
    private long lastResendMicros;
    private boolean dispatching;
    private int nextPosition;
    protected long nowMicros;

    protected BaselineNode(ClusterConfig config, RegionId region, ProcedureRegistry procedures, NodePorts ports,
                           BaselineSettings settings) {
        this.config = config;
        this.region = region;
        this.settings = settings;
        this.self = NodeId.coordinator(region);
        for (RegionId r : config.regionIds()) {
            coordinators.add(NodeId.coordinator(r));
        }
        this.ports = ports;
        this.planner = new TxnPlanner(procedures);
        this.executor = new HopExecutor(planner);
        this.replica = new Replica(ports.storage(), ports.meter(), this::asStep);
        this.records = new StableRecords(ports.storage(), RECORDS, this::asStep, replica::retryLater);
        this.outcomes = new Outcomes(settings.answersKept(), this::send, records);
        records.recover(this::recovered);
    }

    @Override
    public NodeId id() {
        return self;
    }

    @Override
    public void onMessage(long now, NodeId from, Message message) {
        nowMicros = Math.max(nowMicros, now);
        if (beforeRecovery != null) {
            beforeRecovery.add(() -> dispatch(from, message));
            return;
        }
        asStep(() -> dispatch(from, message));
    }

    @Override
    public void onWakeup(long now) {
        nowMicros = Math.max(nowMicros, now);
        asStep(() -> {
            replica.retryDue(now);
            if (beforeRecovery == null) {
                onTimers(now);
                resendDue(now);
            }
        });
    }

    /**
     * Runs {@code work} as one step: messages this node sends itself wait until it is done, so
     * that no handler runs inside another (a grant sent home from inside the lock table, say).
     * Storage completions come through here too.
     */
    final void asStep(Runnable work) {
        if (dispatching) {
            work.run();
            return;
        }
        dispatching = true;
        try {
            work.run();
            Message m;
            while ((m = toSelf.poll()) != null) {
                dispatch(self, m);
            }
            records.flush();
        } finally {
            dispatching = false;
        }
    }

    @Override
    public long nextWakeupMicros() {
        if (beforeRecovery != null) {
            return replica.nextRetryMicros();
        }
        long resend = byTxn.isEmpty() && spreading.isEmpty() && participantQuiescent() ? Long.MAX_VALUE
                : lastResendMicros + RESEND_MICROS;
        return Math.min(Math.min(replica.nextRetryMicros(), nextTimerMicros()), resend);
    }

    /**
     * Whether nothing is under way here: no transaction of this home open or its commit still on
     * its way to a region, every commit received durable, nothing held for anybody.
     */
    public boolean quiescent() {
        return beforeRecovery == null && byTxn.isEmpty() && spreading.isEmpty() && replica.quiescent()
                && records.quiescent() && participantQuiescent();
    }

    /**
     * What is under way here, in words: the open transactions by phase, commits not yet durable
     * everywhere, and what the concurrency control holds (for an operator or a stuck test).
     */
    public String describe() {
        Map<HomeTxn.Phase, Integer> phases = new EnumMap<>(HomeTxn.Phase.class);
        byTxn.values().forEach(t -> phases.merge(t.phase, 1, Integer::sum));
        return byTxn.size() + " transactions open " + phases + ", " + spreading.size()
                + " answered commits not yet durable everywhere, " + (replica.quiescent() ? "every commit received applied"
                : "commits received but not yet applied or durable") + ", " + participantState();
    }

    /** The transactions this region is home to and has not answered yet. */
    public int transactionsInFlight() {
        return byTxn.size();
    }

    private void dispatch(NodeId from, Message message) {
        if (message instanceof SubmitTxn s) {
            submit(from, s);
        } else if (message instanceof SubmitReadOnly r) {
            submitReadOnly(from, r);
        } else if (message instanceof QueryOutcome q) {
            outcomes.lookUp(from, q, byRequest.containsKey(q.target()));
        } else if (message instanceof ClaimKeys c) {
            onClaim(from, c);
        } else if (message instanceof ClaimReply r) {
            HomeTxn t = byTxn.get(r.txn());
            if (t != null && t.attempt == r.attempt()) {
                onClaimReply(from.region(), t, r);
            } else if (r.verdict() == ClaimVerdict.GRANTED && (t == null || t.attempt > r.attempt())
                    && !spreading.containsKey(r.txn())) {
                // A grant to an attempt that ended here, or to a transaction this home forgot in a
                // crash before deciding it (it never commits): the region may give the keys up.
                send(from, new ReleaseKeys(r.txn(), r.attempt()));
            }
        } else if (message instanceof ReleaseKeys r) {
            onRelease(r);
        } else if (message instanceof CommitWrites c) {
            onCommit(from, c);
        } else if (message instanceof CommitApplied a) {
            onCommitApplied(from.region(), a);
        }
        // Catena's other messages mean nothing here; a misrouted one changes nothing.
    }

    // ---- home: requests from clients ----

    private void submit(NodeId client, SubmitTxn s) {
        if (repeated(client, s.request())) {
            return;
        }
        TxnPlanner.Planned planned = planner.plan(s.spec());
        if (!planned.valid()) {
            answer(client, new TxnReply(s.request(), TxnResult.rejected(planned.rejection()), null, false));
            return;
        }
        HomeTxn t = HomeTxn.readWrite(s.request(), newTxnId(), client, s.spec(), planned.plan());
        open(t);
        start(t);
    }

    private void submitReadOnly(NodeId client, SubmitReadOnly r) {
        if (repeated(client, r.request())) {
            return;
        }
        // The same rules as Catena's read-only transactions, so that a workload runs on both.
        String problem = ReadOnlyTxn.rejection(r.keys(), r.partitions());
        if (problem != null) {
            answer(client, new TxnReply(r.request(), TxnResult.rejected(problem), null, false));
            return;
        }
        Set<ChainKey> keys = new LinkedHashSet<>();
        r.keys().forEach(k -> keys.add(k.chainKey()));
        keys.addAll(r.partitions());
        HomeTxn t = HomeTxn.readOnly(r, newTxnId(), client, List.copyOf(keys));
        open(t);
        start(t);
    }

    /**
     * A retry of a request seen before: answered again, or left to the run under way; a copy of a
     * request an outcome lookup cancelled is refused with the cancellation and never runs.
     */
    private boolean repeated(NodeId client, RequestId request) {
        if (outcomes.answersAgain(client, request)) {
            return true;
        }
        HomeTxn running = byRequest.get(request);
        if (running != null) {
            running.client = client;
            return true;
        }
        return false;
    }

    /** Ids order transactions by age (wound-wait); a restart keeps its id. */
    private TxnId newTxnId() {
        return new TxnId(nowMicros, region, nextPosition++);
    }

    private void open(HomeTxn t) {
        byRequest.put(t.request, t);
        byTxn.put(t.txn, t);
    }

    /**
     * Answers the client and forgets the transaction. An abort of a read-write transaction is
     * recorded first, since running it again could commit it ({@link Outcomes}); a commit's answer
     * is covered by its decision record.
     */
    protected final void finish(HomeTxn t, TxnResult result, Version version) {
        byRequest.remove(t.request);
        byTxn.remove(t.txn);
        TxnReply reply = new TxnReply(t.request, result, version, false);
        if (t.spec != null && result.outcome() != Outcome.COMMITTED) {
            outcomes.answerDurably(reply, () -> send(t.client, reply));
        } else {
            answer(t.client, reply);
        }
    }

    /** Answers a request, keeping the answer (unrecorded) for its retries and lookups. */
    private void answer(NodeId client, TxnReply reply) {
        outcomes.answered(reply);
        send(client, reply);
    }

    protected final Iterable<HomeTxn> openTransactions() {
        return new ArrayList<>(byTxn.values());
    }

    // ---- home: running and committing ----

    /** Runs the transaction against this region's applied rows (its keys loaded). */
    protected final Execution execute(HomeTxn t) {
        return Execution.run(executor, t.spec, t.plan, replica, ports.meter());
    }

    /** The rows a read-only transaction asked for, from this region's applied rows (keys loaded). */
    protected final SnapshotRows readRows(HomeTxn t) {
        return replica.read(t.reads, t.partitionReads, Version.MAX);
    }

    /** Answers a read-only transaction with {@code rows}, read at {@code snapshot}, if they fit in a reply. */
    protected final void finishReadOnly(HomeTxn t, SnapshotRows rows, Version snapshot) {
        TxnResult result = ReadOnlyTxn.result(rows, ReadOnlyTxn.maxReplyBytes(config));
        finish(t, result, result.outcome() == Outcome.COMMITTED ? snapshot : null);
    }

    /** The newest version among the keys as applied here: the snapshot a read-only answer names. */
    protected final Version snapshotVersion(HomeTxn t) {
        Version v = Version.ZERO;
        for (ChainKey k : t.keys()) {
            v = Version.max(v, replica.applied(k));
        }
        return v;
    }

    /**
     * Sends the attempt's commit to every region: its writes at a version after everything it
     * read, and for every key the version it builds on.
     */
    protected final void commit(HomeTxn t, Execution e) {
        t.execution = e;
        t.committed = TxnResult.committed(e.reads(), e.outputs());
        long epoch = nowMicros;
        for (Version v : e.observed().values()) {
            epoch = Math.max(epoch, v.epoch() + 1);
        }
        t.commitVersion = Version.of(epoch, region.index());
        List<KeyCommit> keys = new ArrayList<>(e.observed().size());
        for (Map.Entry<ChainKey, Version> o : e.observed().entrySet()) {
            List<RowWrite> writes = e.writes().getOrDefault(o.getKey(), List.of());
            keys.add(new KeyCommit(o.getKey(), o.getValue(), writes));
        }
        t.phase = HomeTxn.Phase.COMMITTING;
        t.deadlineMicros = Long.MAX_VALUE;
        t.commit = new CommitWrites(t.txn, t.attempt, t.commitVersion, keys);
        records.record(RecordCodec.decisionRow(t.txn),
                RecordCodec.encode(new RecordCodec.Decision(t.request, t.client, t.commit, t.committed)), () -> {
                    t.decided = true;
                    t.sentMicros = nowMicros;
                    broadcast(t.commit);
                });
    }

    /** Sends an attempt's claims to every region. */
    protected final void sendClaims(HomeTxn t, ClaimKeys claims) {
        t.claim = claims;
        t.sentMicros = nowMicros;
        broadcast(claims);
    }

    private void onCommitApplied(RegionId from, CommitApplied a) {
        HomeTxn t = byTxn.get(a.txn());
        if (t == null) {
            t = spreading.get(a.txn());
        }
        if (t == null || t.attempt != a.attempt() || t.phase != HomeTxn.Phase.COMMITTING || !t.applied.add(from)) {
            return;
        }
        if (t.applied.size() == majority()) {
            finish(t, t.committed, t.commitVersion);
            spreading.put(t.txn, t);
        }
        if (t.applied.size() == regions()) {
            spreading.remove(t.txn);
            outcomes.covered(t.request);
            records.drop(RecordCodec.decisionRow(t.txn));
        }
    }

    // ---- crashes: recovery and sending again ----

    /**
     * Takes back what the stable records hold, before anything else: the answers given, in the
     * window's order; the decided commits, sent again to every region; and the grants, held again
     * once their keys are in memory. Then the messages that arrived meanwhile are handled, in order.
     */
    private void recovered(SortedMap<String, Row> stable) {
        List<RecordCodec.Grant> grants = new ArrayList<>();
        List<HomeTxn> decided = new ArrayList<>();
        Set<ChainKey> keys = new LinkedHashSet<>();
        SortedMap<Long, TxnReply> answers = new TreeMap<>();
        stable.forEach((row, value) -> {
            if (AnswerCodec.isAnswer(row)) {
                answers.put(AnswerCodec.answerSequence(row), AnswerCodec.decodeReply(value));
            } else if (RecordCodec.isGrant(row)) {
                RecordCodec.Grant g = RecordCodec.decodeGrant(value);
                grants.add(g);
                g.claims().forEach(c -> keys.add(c.key()));
            } else {
                decided.add(HomeTxn.decided(RecordCodec.decodeDecision(value)));
            }
        });
        answers.forEach(outcomes::restore);
        replica.whenLoaded(keys, () -> {
            grants.forEach(this::restoreGrant);
            for (HomeTxn t : decided) {
                open(t);
                t.sentMicros = nowMicros;
                broadcast(t.commit);
            }
            List<Runnable> waiting = beforeRecovery;
            beforeRecovery = null;
            lastResendMicros = nowMicros;
            waiting.forEach(Runnable::run);
        });
    }

    /**
     * Every {@link #RESEND_MICROS}: claims and commits that went out that long ago go again to
     * the regions that have not answered them, and every grant held here goes again to its home.
     */
    private void resendDue(long now) {
        if (now < lastResendMicros + RESEND_MICROS) {
            return;
        }
        lastResendMicros = now;
        List<HomeTxn> homed = new ArrayList<>(byTxn.values());
        homed.addAll(spreading.values());
        for (HomeTxn t : homed) {
            if (t.sentMicros + RESEND_MICROS > now) {
                continue;
            }
            if (t.phase == HomeTxn.Phase.CLAIMING && t.claim != null) {
                resendTo(t, t.claim, r -> !t.granted.contains(r) && !t.refused.contains(r));
            } else if (t.phase == HomeTxn.Phase.COMMITTING && t.decided) {
                resendTo(t, t.commit, r -> !t.applied.contains(r));
            }
        }
        announceGrants();
    }

    private void resendTo(HomeTxn t, Message m, Predicate<RegionId> unanswered) {
        t.sentMicros = nowMicros;
        for (NodeId c : coordinators) {
            if (unanswered.test(c.region())) {
                send(c, m);
            }
        }
    }

    // ---- participant: commits ----

    /**
     * Takes the commit into the replica; its locks or reservations go, and its grant's record
     * with them, once it is durable here. Not before: a region that crashed in between would
     * have forgotten the versions the commit made known and, holding nothing, would grant a
     * conflicting attempt against the versions before it. And not as two steps: a grant made
     * after the release but recorded before the drop would be held after a crash together with
     * the grant it followed.
     */
    private void onCommit(NodeId from, CommitWrites c) {
        List<ChainKey> keys = new ArrayList<>(c.keys().size());
        c.keys().forEach(k -> keys.add(k.key()));
        replica.whenLoaded(keys, () -> {
            replica.offer(c.txn(), c.version(), c.keys(), () -> {
                if (holds(c.txn())) {
                    records.drop(RecordCodec.grantRow(c.txn()));
                }
                commitDurable(c);
                send(from, new CommitApplied(c.txn(), c.attempt()));
                onReplicaChanged();
            });
            onReplicaChanged();
        });
    }

    // ---- messaging ----

    protected final int majority() {
        return coordinators.size() / 2 + 1;
    }

    protected final int regions() {
        return coordinators.size();
    }

    protected final void broadcast(Message m) {
        for (NodeId c : coordinators) {
            send(c, m);
        }
    }

    protected final void send(NodeId to, Message m) {
        if (to.equals(self)) {
            toSelf.add(m);
            return;
        }
        ports.outbox().send(to, m);
    }

    // ---- what a concurrency control supplies ----

    /** Starts the first attempt of a transaction this region is home to (read-only or not). */
    protected abstract void start(HomeTxn t);

    protected abstract void onClaim(NodeId from, ClaimKeys c);

    protected abstract void onClaimReply(RegionId from, HomeTxn t, ClaimReply r);

    protected abstract void onRelease(ReleaseKeys r);

    /** A commit of {@code c.txn()} is durable here: its locks or reservations here end. */
    protected abstract void commitDurable(CommitWrites c);

    /**
     * This region received or applied commits: transactions waiting for their keys to catch up,
     * and validations waiting to learn a version, may go on.
     */
    protected abstract void onReplicaChanged();

    protected abstract void onTimers(long now);

    /** Whether some attempt of {@code txn} holds or asks for keys here. */
    protected abstract boolean holds(TxnId txn);

    /** Holds again a grant this region recorded before it crashed, and tells its home. */
    protected abstract void restoreGrant(RecordCodec.Grant grant);

    /** Sends every grant held here to its home again (class comment). */
    protected abstract void announceGrants();

    protected abstract long nextTimerMicros();

    protected abstract boolean participantQuiescent();

    /** What the concurrency control holds here, in words. */
    protected abstract String participantState();
}
