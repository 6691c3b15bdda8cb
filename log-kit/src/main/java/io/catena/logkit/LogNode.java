package io.catena.logkit;

import io.catena.core.config.ClusterConfig;
import io.catena.core.data.ChainKey;
import io.catena.core.data.Row;
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
import io.catena.kit.Execution;
import io.catena.kit.KeyCommit;
import io.catena.kit.Outcomes;
import io.catena.kit.Replica;
import io.catena.kit.StableRecords;
import io.catena.logkit.message.LogShipment;
import io.catena.logkit.message.TxnRecord;
import io.catena.logkit.message.TxnRecord.Finished;
import io.catena.logkit.message.TxnRecord.Pending;
import io.catena.rlog.LogRecord;
import io.catena.rlog.ReplicatedLog;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;

/**
 * A region under a log protocol (Helios, Message Futures): the one node of the region, in the
 * coordinator's place. It is home to its clients' transactions and keeps a full copy of the data,
 * to which it applies every region's commits as the replicated log brings them.
 *
 * <p>A read-write transaction runs at its request against the region's copy: it is refused at
 * once if it reads or writes a key some pending transaction writes, here or at a peer the log has
 * brought; otherwise its pending record, with its writes, goes into the log. It commits when its
 * protocol's {@link CommitRule} says so, unless a peer's pending record that writes what it reads
 * or writes arrived first, which aborts it. Committed transactions are applied at the version the
 * rule gives them, the peers' when their finished records arrive; the rule's versions order every
 * dependency between committed transactions, so version order is a serial order (PROTOCOL.md,
 * "Helios" and "Message Futures").
 *
 * <p>A read-only transaction reads the region's copy in one step, at a position of the log below
 * which every commit of its keys is applied here ({@link #read}).
 *
 * <p>Deterministic and free of I/O, like every protocol node.
 */
public final class LogNode implements ProtocolNode {

    /** Answers kept for retries and outcome lookups, as the baselines keep them. */
    static final int ANSWERS_KEPT = 100_000;

    private final ClusterConfig config;
    private final CommitRule rule;
    private final RegionId region;
    private final NodeId self;
    private final List<NodeId> peers = new ArrayList<>();
    private final NodePorts ports;
    private final HopExecutor executor;
    private final TxnPlanner planner;
    private final Replica replica;
    private final StableRecords records;
    private final Outcomes outcomes;
    private final Shipments shipments;
    private final PendingPools pools = new PendingPools();
    private final CommitRule.LogState state;
    /** Transactions finished and settled here, whose records may go once every region has them. */
    private final SettledRecords settled = new SettledRecords();
    /** Pending records of transactions not yet settled here (their finished record has not been applied). */
    private final Map<TxnId, LogRecord<TxnRecord>> pending = new LinkedHashMap<>();
    /** The log, once read back from the stable records; null until then. */
    private ReplicatedLog<TxnRecord> log;
    /** Messages that arrived while the node read its stable records back, in arrival order. */
    private List<Runnable> beforeRecovery = new ArrayList<>();
    private final Map<RequestId, LocalTxn> byRequest = new LinkedHashMap<>();
    private final Map<TxnId, LocalTxn> open = new LinkedHashMap<>();
    /** Keys that took commits since their history was last collected. */
    private final Set<ChainKey> appliedSinceCollected = new LinkedHashSet<>();
    /** Read-only transactions whose session has seen a newer snapshot than the region can read at yet. */
    private final Set<LocalTxn> behindFloor = new LinkedHashSet<>();
    private final long shipEveryMicros;
    private long nextShipMicros;
    private boolean dispatching;
    private int nextPosition;
    private long nowMicros;

    public LogNode(ClusterConfig config, RegionId region, ProcedureRegistry procedures, NodePorts ports,
                   CommitRule rule) {
        this.config = config;
        this.rule = rule;
        this.region = region;
        this.self = NodeId.coordinator(region);
        for (RegionId r : config.regionIds()) {
            if (!r.equals(region)) {
                peers.add(NodeId.coordinator(r));
            }
        }
        this.ports = ports;
        this.planner = new TxnPlanner(procedures);
        this.executor = new HopExecutor(planner);
        this.replica = new Replica(ports.storage(), ports.meter(), this::asStep);
        this.state = new RegionKnowledge(region.index(), peers.stream().map(p -> p.region().index()).toList(),
                () -> log, replica);
        this.records = new StableRecords(ports.storage(), ChainKey.of(rule.table(), "records"), this::asStep,
                replica::retryLater);
        this.outcomes = new Outcomes(ANSWERS_KEPT, this::send, records);
        this.shipments = new Shipments(peers, this::send);
        this.shipEveryMicros = config.epochLengthMicros();
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
            if (beforeRecovery == null && now >= nextShipMicros) {
                ship();
            }
        });
    }

    @Override
    public long nextWakeupMicros() {
        return beforeRecovery != null ? replica.nextRetryMicros() : Math.min(replica.nextRetryMicros(), nextShipMicros);
    }

    /**
     * Runs {@code work} as one step, then what it may have made possible: pending transactions
     * that can commit, read-only ones that can read at their session's snapshot, and the writing
     * of the stable records it made.
     */
    private void asStep(Runnable work) {
        if (dispatching) {
            work.run();
            return;
        }
        dispatching = true;
        try {
            work.run();
            if (beforeRecovery != null) {
                records.flush();
                return;
            }
            commitReady();
            if (!behindFloor.isEmpty()) {
                new ArrayList<>(behindFloor).forEach(this::read);
            }
            records.flush();
        } finally {
            dispatching = false;
        }
    }

    private void dispatch(NodeId from, Message message) {
        if (message instanceof SubmitTxn s) {
            submit(from, s);
        } else if (message instanceof SubmitReadOnly r) {
            submitReadOnly(from, r);
        } else if (message instanceof QueryOutcome q) {
            outcomes.lookUp(from, q, byRequest.containsKey(q.target()));
        } else if (message instanceof LogShipment s) {
            receive(s);
        }
        // Other protocols' messages mean nothing here; a misrouted one changes nothing.
    }

    // ---- requests ----

    private void submit(NodeId client, SubmitTxn s) {
        if (repeated(client, s.request())) {
            return;
        }
        TxnPlanner.Planned planned = planner.plan(s.spec());
        if (!planned.valid()) {
            answer(client, new TxnReply(s.request(), TxnResult.rejected(planned.rejection()), null, false));
            return;
        }
        LocalTxn t = LocalTxn.readWrite(s.request(), newTxnId(), client, s.spec(), planned.plan());
        open(t);
        replica.whenLoaded(t.keys(), () -> request(t));
    }

    /**
     * The request proper, once its keys are in memory: run it, refuse it if it touches what a
     * pending transaction writes, else log its pending record.
     */
    private void request(LocalTxn t) {
        Execution e = Execution.run(executor, t.spec, t.plan, replica, ports.meter());
        if (e.aborted()) {
            finish(t, TxnResult.aborted(e.abortReason(), e.reads()), null);
            return;
        }
        if (pools.written(e.observed().keySet())) {
            finish(t, TxnResult.conflict(rule.protocol() + ": a pending transaction writes what it reads or writes"),
                    null);
            return;
        }
        long at = log.nextTimestamp(nowMicros);
        t.pending(e, at, shipments.coveredBeforeRequest(), rule.versionAtLeast(at));
        appendOwn(at, new Pending(t.txn, t.keys));
        pools.addLocal(t);
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
        LocalTxn t = LocalTxn.readOnly(r.request(), newTxnId(), client, r.keys(), r.partitions(), r.minVersion());
        open(t);
        replica.whenLoaded(t.keys(), () -> read(t));
    }

    /**
     * Reads at a position of the log: the newest timestamp {@code p} such that this region knows
     * every region's records up to {@code p} and no transaction that writes the keys and may take
     * a version at or below it is still pending or not yet applied here. Every transaction
     * committed at a version up to {@code p} is then applied here, and none above it is visible,
     * so the read sees the state after exactly those commits: a prefix of the protocol's serial
     * order. It waits only if its session has seen a later snapshot or commit than {@code p},
     * until the region can read there.
     */
    private void read(LocalTxn t) {
        List<ChainKey> keys = t.keys();
        long position = Math.min(knownFromEveryRegion(), pools.oldestWriter(keys) - 1);
        Version snapshot = Version.endOf(position);
        if (snapshot.isBefore(t.floor)) {
            behindFloor.add(t);
            return;
        }
        behindFloor.remove(t);
        SnapshotRows rows = replica.read(t.reads, t.partitionReads, snapshot);
        TxnResult result = ReadOnlyTxn.result(rows, ReadOnlyTxn.maxReplyBytes(config));
        finish(t, result, result.outcome() == Outcome.COMMITTED ? snapshot : null);
    }

    /** The newest timestamp up to which this region has every region's records, its own included. */
    private long knownFromEveryRegion() {
        long known = log.nextTimestamp(nowMicros) - 1;
        for (NodeId p : peers) {
            known = Math.min(known, log.known(p.region().index()));
        }
        return known;
    }

    /**
     * A retry of a request seen before: answered again, or left to the run under way; a copy of a
     * request an outcome lookup cancelled is refused with the cancellation and never runs.
     */
    private boolean repeated(NodeId client, RequestId request) {
        if (outcomes.answersAgain(client, request)) {
            return true;
        }
        LocalTxn running = byRequest.get(request);
        if (running != null) {
            running.client = client;
            return true;
        }
        return false;
    }

    private TxnId newTxnId() {
        return new TxnId(nowMicros, region, nextPosition++);
    }

    private void open(LocalTxn t) {
        byRequest.put(t.request, t);
        open.put(t.txn, t);
    }

    // ---- commit and abort ----

    /**
     * Commits the region's pending transactions, oldest request first, as far as the commit rule
     * lets it: the first that must wait stops the walk (knowledge grows with time and requests are
     * stamped in order), and one the rule refuses aborts.
     */
    private void commitReady() {
        List<LocalTxn> refused = null;
        for (LocalTxn t : pools.local()) {
            if (t.phase != LocalTxn.Phase.PENDING) {
                continue;
            }
            CommitRule.Verdict verdict = rule.judge(t, state);
            if (verdict == CommitRule.Verdict.WAIT) {
                break;
            }
            if (verdict == CommitRule.Verdict.COMMIT) {
                commit(t);
            } else {
                // Aborting takes the transaction out of the pool, which the walk must not change.
                refused = refused == null ? new ArrayList<>() : refused;
                refused.add(t);
            }
        }
        if (refused != null) {
            refused.forEach(t -> abort(t, rule.protocol() + ": a key it read changed before it could commit"));
        }
    }

    /**
     * Commits: the finished record goes into the log, and the answer with it into the stable
     * records. Only once both are durable is the transaction applied here (a crash before would
     * abort it on restart, so the store must not have its writes) and the client answered; until
     * then it stays pending, so that nothing reads or overwrites what it writes.
     */
    private void commit(LocalTxn t) {
        t.phase = LocalTxn.Phase.COMMITTING;
        LogRecord<TxnRecord> finished = appendOwn(log.nextTimestamp(nowMicros), new Finished(t.txn, true));
        Version version = rule.version(region.index(), t.pendingAt, finished.timestamp());
        pools.restampLocal(t, version.epoch());
        TxnReply reply = new TxnReply(t.request, TxnResult.committed(t.execution.reads(), t.execution.outputs()),
                version, false);
        forget(t);
        outcomes.answerDurably(reply, () -> {
            replica.offer(t.txn, version, t.keys,
                    () -> settled.add(region.index(), t.pendingAt, finished.timestamp()));
            appliedSinceCollected.addAll(t.writes);
            pools.removeLocal(t);
            send(t.client, reply);
        });
    }

    /** Aborts a pending transaction of this region: its finished record tells the peers. */
    private void abort(LocalTxn t, String reason) {
        LogRecord<TxnRecord> finished = appendOwn(log.nextTimestamp(nowMicros), new Finished(t.txn, false));
        settled.add(region.index(), t.pendingAt, finished.timestamp());
        pools.removeLocal(t);
        finish(t, TxnResult.conflict(reason), null);
    }

    /**
     * Answers the client and forgets the transaction. An abort of a read-write transaction is
     * recorded before it is given, since running the request again could commit it.
     */
    private void finish(LocalTxn t, TxnResult result, Version version) {
        forget(t);
        TxnReply reply = new TxnReply(t.request, result, version, false);
        if (!t.readOnly()) {
            outcomes.answerDurably(reply, () -> send(t.client, reply));
        } else {
            answer(t.client, reply);
        }
    }

    private void forget(LocalTxn t) {
        byRequest.remove(t.request);
        open.remove(t.txn);
    }

    private void answer(NodeId client, TxnReply reply) {
        outcomes.answered(reply);
        send(client, reply);
    }

    // ---- the log ----

    /** Appends a record of this region's and saves it with the next write of the stable records. */
    private LogRecord<TxnRecord> appendOwn(long timestamp, TxnRecord payload) {
        LogRecord<TxnRecord> r = log.append(timestamp, payload);
        records.recordLater(RecordCodec.recordRow(r.origin(), r.timestamp()), RecordCodec.encode(r));
        return r;
    }

    /**
     * Every tick: this region declares it has appended nothing else up to now, drops the records
     * every region has of transactions settled here, and ships each peer what it lacks, once that
     * is durable ({@link Shipments}).
     */
    private void ship() {
        nextShipMicros = nowMicros + shipEveryMicros;
        shipments.cover(log, nowMicros);
        settled.dropKnownByAll(log, records);
        collectHistory();
        shipments.ship(log, records);
    }

    /**
     * Forgets the history of keys that took commits below the oldest position a read could still
     * take ({@link #read}): everything this region knows from every region, and below every
     * pending transaction's least version. Both only grow, except that a newly learned or requested
     * transaction is stamped above the first.
     */
    private void collectHistory() {
        if (appliedSinceCollected.isEmpty()) {
            return;
        }
        Version horizon = Version.endOf(Math.min(knownFromEveryRegion(), pools.oldest() - 1));
        for (ChainKey k : appliedSinceCollected) {
            replica.collectGarbage(k, horizon);
        }
        appliedSinceCollected.clear();
    }

    private void receive(LogShipment m) {
        List<LogRecord<TxnRecord>> learned;
        try {
            learned = log.receive(m.shipment());
        } catch (IllegalArgumentException refused) {
            // A peer believes this region knows more than it does: only a lost stable record
            // could cause it, and taking the shipment would open a gap in the log.
            return;
        }
        for (LogRecord<TxnRecord> r : learned) {
            records.recordLater(RecordCodec.recordRow(r.origin(), r.timestamp()), RecordCodec.encode(r));
            learn(r);
        }
    }

    private void learn(LogRecord<TxnRecord> r) {
        if (r.payload() instanceof Pending p) {
            onPending(r, p);
        } else if (r.payload() instanceof Finished f) {
            onFinished(r, f);
        }
    }

    /** A peer's transaction is pending: own pending ones that touch what it writes abort. */
    private void onPending(LogRecord<TxnRecord> r, Pending p) {
        Set<ChainKey> writes = new LinkedHashSet<>();
        for (KeyCommit k : p.keys()) {
            if (!k.writes().isEmpty()) {
                writes.add(k.key());
            }
        }
        for (LocalTxn t : pools.localTouching(writes)) {
            if (t.phase == LocalTxn.Phase.PENDING) {
                abort(t, rule.protocol() + ": a pending transaction of region " + config.regionName(p.txn().origin())
                        + " writes what it reads or writes");
            }
        }
        pending.put(p.txn(), r);
        pools.addExternal(p.txn(), writes, rule.versionAtLeast(r.timestamp()));
    }

    /**
     * A transaction finished. A commit is applied at the version the rule gives it; the transaction
     * stays in its pool, stamped with that version, until its writes are applied here, so that
     * nothing reads the keys before them.
     */
    private void onFinished(LogRecord<TxnRecord> r, Finished f) {
        LogRecord<TxnRecord> opened = pending.remove(f.txn());
        if (opened == null) {
            return;
        }
        if (!f.committed()) {
            pools.removeExternal(f.txn());
            settled.add(r.origin(), opened.timestamp(), r.timestamp());
            return;
        }
        List<KeyCommit> commit = ((Pending) opened.payload()).keys();
        Version version = rule.version(r.origin(), opened.timestamp(), r.timestamp());
        pools.restampExternal(f.txn(), version.epoch());
        List<ChainKey> keys = new ArrayList<>(commit.size());
        Map<ChainKey, Version> written = new HashMap<>();
        for (KeyCommit k : commit) {
            keys.add(k.key());
            if (!k.writes().isEmpty()) {
                written.put(k.key(), version);
            }
        }
        replica.whenLoaded(keys, () -> {
            appliedSinceCollected.addAll(written.keySet());
            replica.offer(f.txn(), version, commit, () -> {
                applied(f.txn());
                settled.add(r.origin(), opened.timestamp(), r.timestamp());
            });
            if (replica.reached(written)) {
                applied(f.txn());
            }
        });
    }

    private void applied(TxnId txn) {
        pools.removeExternal(txn);
    }

    // ---- crashes ----

    /**
     * Takes back what the stable records hold, before anything else: the answers given, the log
     * and its timetable, and what the log's records mean here. Peers' pending transactions are
     * held again and committed ones applied again (applying is idempotent per version); an own
     * transaction that was pending when the region crashed aborts, since its client was never
     * answered and its commit record, if it was made, never became durable. Then the messages that
     * arrived meanwhile are handled, in order.
     */
    private void recovered(SortedMap<String, Row> stable) {
        RecordCodec.Restored restored = RecordCodec.restore(stable, config.regionCount());
        restored.answers().forEach(outcomes::restore);
        List<LogRecord<TxnRecord>> saved = new ArrayList<>(restored.records());
        log = ReplicatedLog.restored(config.regionCount(), region.index(), restored.table(), saved);
        shipments.restored(restored.table(), restored.shippedBefore(), log.known(region.index()));
        saved.sort(LogRecord.ORDER);
        saved.forEach(this::learn);
        for (LogRecord<TxnRecord> r : new ArrayList<>(pending.values())) {
            if (r.origin() == region.index()) {
                LogRecord<TxnRecord> aborted = appendOwn(log.nextTimestamp(nowMicros), new Finished(r.payload().txn(), false));
                learn(aborted);
            }
        }
        List<Runnable> waiting = beforeRecovery;
        beforeRecovery = null;
        nextShipMicros = nowMicros;
        waiting.forEach(Runnable::run);
    }

    private void send(NodeId to, Message m) {
        ports.outbox().send(to, m);
    }

    // ---- for hosts ----

    /** Whether nothing is under way: no transaction open, none pending anywhere this region knows, the log empty. */
    public boolean quiescent() {
        return beforeRecovery == null && open.isEmpty() && pools.localSize() == 0 && pools.externalSize() == 0
                && pending.isEmpty() && log.size() == 0 && replica.quiescent() && records.quiescent();
    }

    /** What is under way here, in words (for an operator or a stuck test). */
    public String describe() {
        return open.size() + " transactions open (" + pools.localSize() + " pending), " + pools.externalSize() + " peers' transactions pending, "
                + (log == null ? "reading its stable records back, " : log.size() + " log records not yet known everywhere, ")
                + (replica.quiescent() ? "every commit applied" : "commits not yet applied or durable");
    }

    /** The transactions this region is home to and has not answered yet. */
    public int transactionsInFlight() {
        return open.size();
    }
}
