package io.catena.simulation.client;

import io.catena.harness.record.HistoryRecorder;
import io.catena.harness.record.TxnClass;
import io.catena.core.data.Version;
import io.catena.core.id.NodeId;
import io.catena.core.id.RequestId;
import io.catena.core.message.Message;
import io.catena.core.message.QueryOutcome;
import io.catena.core.message.SubmitReadOnly;
import io.catena.core.message.SubmitTxn;
import io.catena.core.message.TxnReply;
import io.catena.core.spi.Outbox;
import io.catena.core.spi.ProtocolNode;
import io.catena.core.txn.Outcome;
import io.catena.core.txn.TxnResult;
import io.catena.harness.check.HistoryEvent;
import io.catena.harness.check.TxnOutcome;
import io.catena.harness.check.TxnType;
import io.catena.harness.SeededRandom;
import io.catena.harness.workload.ClientTxn;
import io.catena.harness.workload.UniqueValues;
import io.catena.harness.workload.Workload;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Objects;
import java.util.Set;

/**
 * A simulated application client attached to one region: issues the workload's transactions,
 * retries unanswered ones under the same request id, and records what it observed. Like the
 * client library, it asks its read-only transactions for a snapshot no older than the newest
 * version it was answered with (read-your-writes, monotonic reads).
 *
 * <p>A read-write transaction whose client gave up waiting ({@link ClientPolicy#giveUpMicros}) is
 * looked up: the client asks its coordinator what became of it ({@link QueryOutcome}), resending
 * the query until it is answered, and records the definite outcome the lookup returns — committed
 * as answered, or dropped when the region cancelled the request, which the checker then holds to
 * never having committed. Unlike the client library it also keeps resending the request itself
 * until the load ends, answered or not, so that copies of a cancelled request keep arriving, at its
 * coordinator and at any successor, and must be refused; a late answer that disagrees with the
 * lookup is counted ({@link LookupCounts#disagreed}). A lookup still open when the run ends is
 * recorded as unknown.
 *
 * <p>An interactive transaction ({@link ClientTxn#interactive}) runs as the client library runs
 * one: a snapshot read of its keys (with the same floor as a read-only transaction), and on its
 * answer a read-write transaction of its own request id that checks every row read unchanged and
 * writes ({@link ClientTxn#commit}); from there on it is a read-write transaction like any other,
 * looked up if the client gives up. Its history line spans both, names the commit's request, and
 * records the reads as the snapshot answered them. A snapshot read that is not answered, or not
 * with a snapshot, ends it before anything was sent for writing: it is recorded dropped (it
 * never ran), or as the read's own outcome.
 */
public final class SimClient implements ProtocolNode {

    private final NodeId id;
    private final NodeId coordinator;
    private final String regionName;
    private final long clientNumber;
    private final Workload workload;
    private final SeededRandom random;
    private final ClientPolicy policy;
    private final Outbox outbox;
    private final HistoryRecorder history;
    private final LatencyRecorder latency;
    private final UniqueValues unique;
    private final long loadEndMicros;
    private final long clockOffsetMicros;
    private final LinkedHashMap<RequestId, InFlight> inFlight = new LinkedHashMap<>();
    /** Transactions being looked up, by the query's request id. */
    private final LinkedHashMap<RequestId, InFlight> lookups = new LinkedHashMap<>();
    private LookupCounts lookupCounts = LookupCounts.NONE;
    private InteractiveCounts interactiveCounts = InteractiveCounts.NONE;
    private long nextSequence = 1;
    private long nextArrivalMicros;
    private long submitted;
    private long answered;
    private long retries;
    private long lateAnswers;
    /** The newest version any answer showed this client: its reads must not see less, as with the client library. */
    private Version floor;

    private static final class InFlight {
        final RequestId request;
        final ClientTxn txn;
        /** When the transaction began: its snapshot read's invocation, for an interactive one. */
        final long startedMicros;
        /** When this request was first sent. */
        final long invokedMicros;
        /** The version floor when it was invoked: resends ask for the same. */
        final Version floor;
        long lastSentMicros;
        /** The client called the outcome unknown and went on; it still listens for the answer. */
        boolean gaveUp;
        /** The query looking the outcome up, once the client gave up on a read-write transaction. */
        RequestId query;
        long querySentMicros;
        /** What the lookup answered, and what the request itself was answered after the client gave up. */
        TxnReply lookedUp;
        TxnReply lateAnswer;

        InFlight(RequestId request, ClientTxn txn, long startedMicros, long invokedMicros, Version floor) {
            this.request = request;
            this.txn = txn;
            this.startedMicros = startedMicros;
            this.invokedMicros = invokedMicros;
            this.floor = floor;
            this.lastSentMicros = invokedMicros;
        }
    }

    /**
     * Identity and wiring of a client.
     *
     * @param clockOffsetMicros how far the region's clock, which the client runs on, is ahead of the
     *                          simulation's: the history records times on the simulation's clock,
     *                          which every client shares
     */
    public record Setup(NodeId id, String regionName, long clientNumber, long startMicros, long loadEndMicros,
                        long clockOffsetMicros) {
    }

    public SimClient(Setup setup, Workload workload, SeededRandom random, ClientPolicy policy, Outbox outbox,
                     HistoryRecorder history, LatencyRecorder latency) {
        this.id = setup.id();
        this.coordinator = NodeId.coordinator(setup.id().region());
        this.regionName = setup.regionName();
        this.clientNumber = setup.clientNumber();
        this.workload = workload;
        this.random = random;
        this.policy = policy;
        this.outbox = outbox;
        this.history = history;
        this.latency = latency;
        this.unique = new UniqueValues(setup.clientNumber());
        this.loadEndMicros = setup.loadEndMicros();
        this.clockOffsetMicros = setup.clockOffsetMicros();
        this.nextArrivalMicros = setup.startMicros() + (policy.openLoop()
                ? (long) random.exponential(1e6 / policy.ratePerSecond()) : random.nextLong(20_000));
    }

    @Override
    public NodeId id() {
        return id;
    }

    @Override
    public void onMessage(long nowMicros, NodeId from, Message message) {
        if (!(message instanceof TxnReply reply)) {
            return;
        }
        InFlight looked = lookups.remove(reply.request());
        if (looked != null) {
            onLookedUp(nowMicros, looked, reply);
            return;
        }
        InFlight f = inFlight.get(reply.request());
        if (f == null) {
            return;
        }
        raiseFloor(reply);
        if (f.gaveUp) {
            lateAnswers++;
            f.lateAnswer = reply;
            compareWithLookup(f);
            if (f.query == null || nowMicros >= loadEndMicros) {
                inFlight.remove(f.request);
            }
            return;
        }
        inFlight.remove(f.request);
        answered++;
        if (f.txn.awaitsSnapshot() && reply.result().outcome() == Outcome.COMMITTED) {
            submitCommit(nowMicros, f, reply);
            return;
        }
        recordAnswer(nowMicros, f, reply);
        if (reply.result().outcome() == Outcome.COMMITTED) {
            TxnClass c = f.txn.isReadOnly() ? TxnClass.READ_ONLY
                    : reply.contended() ? TxnClass.CONFLICTING : TxnClass.NON_CONFLICTING;
            latency.record(c, nowMicros - f.startedMicros);
        }
        if (!policy.openLoop()) {
            nextArrivalMicros = nowMicros + policy.thinkMicros();
        }
    }

    private void raiseFloor(TxnReply reply) {
        if (reply.version() != null) {
            floor = floor == null ? reply.version() : Version.max(floor, reply.version());
        }
    }

    /** The second request of an interactive transaction: its writes, validated against the snapshot read. */
    private void submitCommit(long nowMicros, InFlight read, TxnReply snapshot) {
        InFlight f = new InFlight(new RequestId(clientNumber, nextSequence++), read.txn.commit(snapshot.result().reads()),
                read.startedMicros, nowMicros, floor);
        inFlight.put(f.request, f);
        send(f);
    }

    private void recordAnswer(long nowMicros, InFlight f, TxnReply reply) {
        TxnResult result = reply.result();
        if (f.txn.isInteractive() && !f.txn.awaitsSnapshot()) {
            boolean conflict = result.outcome() == Outcome.ABORTED && TxnResult.isConflict(result.reason());
            interactiveCounts = interactiveCounts.plus(new InteractiveCounts(
                    result.outcome() == Outcome.COMMITTED ? 1 : 0, conflict ? 1 : 0));
        }
        record(f, nowMicros - clockOffsetMicros, TxnOutcome.of(result.outcome()),
                reply.version() == null ? null : reply.version().epoch() + "." + reply.version().rank(), result);
    }

    private void record(InFlight f, Long completeMicros, TxnOutcome outcome, String version, TxnResult result) {
        history.add(new HistoryEvent(f.request.toString(), clientNumber, regionName,
                f.txn.isReadOnly() ? TxnType.READ_ONLY : TxnType.READ_WRITE, f.startedMicros - clockOffsetMicros,
                completeMicros, outcome, version, f.txn.observed(result)));
    }

    /** A lookup's answer is the transaction's definite outcome: recorded as if it had been the answer. */
    private void onLookedUp(long nowMicros, InFlight f, TxnReply reply) {
        f.lookedUp = reply;
        compareWithLookup(f);
        raiseFloor(reply);
        recordAnswer(nowMicros, f, reply);
        Outcome o = reply.result().outcome();
        lookupCounts = lookupCounts.plus(new LookupCounts(0, o == Outcome.COMMITTED ? 1 : 0,
                o == Outcome.ABORTED || o == Outcome.REJECTED ? 1 : 0, o == Outcome.DROPPED ? 1 : 0, 0, 0));
    }

    /** A definite outcome and the request's own late answer must say the same. */
    private void compareWithLookup(InFlight f) {
        if (f.lookedUp != null && f.lateAnswer != null
                && (f.lookedUp.result().outcome() != f.lateAnswer.result().outcome()
                        || !Objects.equals(f.lookedUp.version(), f.lateAnswer.version()))) {
            lookupCounts = lookupCounts.plus(new LookupCounts(0, 0, 0, 0, 0, 1));
        }
    }

    @Override
    public void onWakeup(long nowMicros) {
        giveUpWaiting(nowMicros);
        while (nowMicros < loadEndMicros && nowMicros >= nextArrivalMicros
                && (policy.openLoop() || waiting() == 0)) {
            submit(nowMicros);
            if (policy.openLoop()) {
                nextArrivalMicros += Math.max(1, (long) random.exponential(1e6 / policy.ratePerSecond()));
            } else {
                nextArrivalMicros = Long.MAX_VALUE;
            }
        }
        for (InFlight f : inFlight.values()) {
            if (nowMicros - f.lastSentMicros >= policy.timeoutMicros()) {
                retries++;
                f.lastSentMicros = nowMicros;
                send(f);
            }
        }
        for (InFlight f : lookups.values()) {
            if (nowMicros - f.querySentMicros >= policy.timeoutMicros()) {
                f.querySentMicros = nowMicros;
                outbox.send(coordinator, new QueryOutcome(f.query, f.request));
            }
        }
    }

    /**
     * Gives up on every transaction that waited too long, as an application would: a read-only one
     * is recorded unknown, a read-write one is looked up.
     */
    private void giveUpWaiting(long nowMicros) {
        for (InFlight f : inFlight.values()) {
            if (!f.gaveUp && nowMicros - f.invokedMicros >= policy.giveUpMicros()) {
                f.gaveUp = true;
                if (f.txn.spec() == null) {
                    recordUnanswered(f);
                } else {
                    lookUp(nowMicros, f);
                }
                if (!policy.openLoop()) {
                    nextArrivalMicros = nowMicros + policy.thinkMicros();
                }
            }
        }
    }

    private void lookUp(long nowMicros, InFlight f) {
        f.query = new RequestId(clientNumber, nextSequence++);
        f.querySentMicros = nowMicros;
        lookups.put(f.query, f);
        lookupCounts = lookupCounts.plus(new LookupCounts(1, 0, 0, 0, 0, 0));
        outbox.send(coordinator, new QueryOutcome(f.query, f.request));
    }

    /** Transactions whose client still waits for the answer. */
    private long waiting() {
        return inFlight.values().stream().filter(f -> !f.gaveUp).count();
    }

    /**
     * Records a transaction the client stopped waiting for: of unknown outcome, unless it is an
     * interactive one whose snapshot read went unanswered, which never sent its writes.
     */
    private void recordUnanswered(InFlight f) {
        record(f, null, f.txn.awaitsSnapshot() ? TxnOutcome.DROPPED : TxnOutcome.UNKNOWN, null, null);
    }

    private void submit(long nowMicros) {
        RequestId request = new RequestId(clientNumber, nextSequence++);
        InFlight f = new InFlight(request, workload.next(random, unique), nowMicros, nowMicros, floor);
        inFlight.put(request, f);
        submitted++;
        send(f);
    }

    private void send(InFlight f) {
        if (f.txn.spec() == null) {
            outbox.send(coordinator, new SubmitReadOnly(f.request, f.txn.readOnlyKeys(), f.floor,
                    f.txn.readOnlyPartitions()));
        } else {
            // The client runs on its region's clock, its coordinators' too: no translation to make.
            outbox.send(coordinator, new SubmitTxn(f.request, f.txn.spec(), f.invokedMicros));
        }
    }

    @Override
    public long nextWakeupMicros() {
        long next = Long.MAX_VALUE;
        if (nextArrivalMicros < loadEndMicros && (policy.openLoop() || waiting() == 0)) {
            next = nextArrivalMicros;
        }
        for (InFlight f : inFlight.values()) {
            next = Math.min(next, f.lastSentMicros + policy.timeoutMicros());
            if (!f.gaveUp && policy.giveUpMicros() != Long.MAX_VALUE) {
                next = Math.min(next, f.invokedMicros + policy.giveUpMicros());
            }
        }
        for (InFlight f : lookups.values()) {
            next = Math.min(next, f.querySentMicros + policy.timeoutMicros());
        }
        return next;
    }

    /**
     * At the end of a run: records every transaction still waited for as of unknown outcome, and
     * returns how many transactions the system never answered, waited for or given up on.
     */
    public int giveUp() {
        for (InFlight f : inFlight.values()) {
            if (!f.gaveUp) {
                recordUnanswered(f);
            }
        }
        Set<InFlight> unanswered = new HashSet<>(inFlight.values());
        for (InFlight f : lookups.values()) {
            recordUnanswered(f);
            unanswered.add(f);
        }
        lookupCounts = lookupCounts.plus(new LookupCounts(0, 0, 0, 0, lookups.size(), 0));
        int n = unanswered.size();
        inFlight.clear();
        lookups.clear();
        return n;
    }

    /** What became of this client's interactive transactions. */
    public InteractiveCounts interactiveCounts() {
        return interactiveCounts;
    }

    /** What this client's outcome lookups found. */
    public LookupCounts lookupCounts() {
        return lookupCounts;
    }

    public int outstanding() {
        return inFlight.size() + lookups.size();
    }

    public long submitted() {
        return submitted;
    }

    public long answered() {
        return answered;
    }

    public long retries() {
        return retries;
    }

    /** Answers that came after the client had called the outcome unknown. */
    public long lateAnswers() {
        return lateAnswers;
    }
}
