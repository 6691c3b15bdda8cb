package io.catena.baselines;

import io.catena.baselines.message.ClaimKeys;
import io.catena.baselines.message.ClaimReply;
import io.catena.baselines.message.ClaimVerdict;
import io.catena.baselines.message.CommitWrites;
import io.catena.baselines.message.KeyClaim;
import io.catena.baselines.message.ReleaseKeys;
import io.catena.core.config.ClusterConfig;
import io.catena.core.data.ChainKey;
import io.catena.core.data.Version;
import io.catena.core.id.NodeId;
import io.catena.core.id.RegionId;
import io.catena.core.id.TxnId;
import io.catena.core.procedure.ProcedureRegistry;
import io.catena.core.spi.NodePorts;
import io.catena.core.txn.Access;
import io.catena.core.txn.TxnResult;
import io.catena.kit.Execution;
import java.util.ArrayList;
import java.util.List;

/**
 * Paxos Commit over optimistic concurrency control (the paper's §VII-A): the home runs the
 * transaction on its own copy, recording the version of every key it touched, and asks every
 * region to validate them (Paxos Commit's first phase). A region grants when it knows exactly the
 * versions the home recorded and no other validated attempt reserves a key this one writes, or
 * reserves for writing a key this one reads; it then holds the keys, written ones exclusively and
 * read ones shared ({@link Reservations}), until the commit is durable here or the release
 * arrives. With a majority of grants the home sends the commit to every region and answers once a
 * majority has it durable; with a majority out of reach it releases, catches up on the versions
 * the refusals named, and runs the transaction once more
 * ({@link BaselineSettings#validationRetries}) before its abort reaches the client.
 *
 * <p>A region that has not yet heard of a version the home read (its commit is still on the way)
 * holds the validation until it has, rather than refuse a transaction that read fresher data than
 * it has.
 *
 * <p>Why serializable: when two committed attempts conflict on a key (one writes it), some region
 * of both majorities granted both, and there they held the key one after the other, never
 * together: the first from its grant until its commit, which made its versions known, was
 * durable there. So the second read or overwrote the first's writes, or overwrote what the first
 * read (never the other way round: the first read nothing the second wrote), and the first's
 * commit was sent before the second was granted there, hence before the second's. Every
 * dependency goes from an earlier commit decision to a later one, so no cycle closes. While reads
 * reserved nothing, a writer could be granted where a reader of its key held only its other keys;
 * three such pairs (T1 reads x and writes y, T2 reads y and writes z, T3 reads z and writes x,
 * majorities {A, B}, {B, C}, {C, A}) all committed, a cycle.
 *
 * <p>An attempt that writes nothing, read-only transactions included, is validated the same way
 * (a writer's reservation refuses it too) but reserves nothing: a read-only one is never
 * committed, so nothing would release it. It needs none. Every writer it read from was decided
 * before its first grant, since each granting region already knew the version it read. Every
 * writer that overwrote what it read was granted, at a region of both majorities, after that
 * region granted the reader (earlier, the region would have refused the reader, for a newer
 * version or for the writer's reservation), so was decided after the reader's first grant. The
 * instant of its first grant orders all its dependencies; it still costs a round trip to a
 * majority.
 */
public final class OptimisticNode extends BaselineNode {

    private record Parked(NodeId from, ClaimKeys claim) {
    }

    private final Reservations reservations = new Reservations();
    private List<Parked> parked = new ArrayList<>();

    public OptimisticNode(ClusterConfig config, RegionId region, ProcedureRegistry procedures, NodePorts ports,
                          BaselineSettings settings) {
        super(config, region, procedures, ports, settings);
    }

    // ---- home ----

    @Override
    protected void start(HomeTxn t) {
        settle(t);
    }

    /** Waits until this region has applied what it knows of the keys (and what refusals named). */
    private void settle(HomeTxn t) {
        t.phase = HomeTxn.Phase.SETTLING;
        int attempt = t.attempt;
        replica.whenLoaded(t.keys(), () -> {
            if (t.attempt == attempt) {
                t.loaded = true;
                run(t);
            }
        });
    }

    private void run(HomeTxn t) {
        List<ChainKey> keys = t.keys();
        if (t.phase != HomeTxn.Phase.SETTLING || !t.loaded || !replica.settled(keys) || !replica.reached(t.needed)) {
            return;
        }
        List<KeyClaim> claims = new ArrayList<>(keys.size());
        if (t.readOnly()) {
            t.rows = readRows(t);
            for (ChainKey k : keys) {
                claims.add(new KeyClaim(k, Access.READ, replica.applied(k)));
            }
        } else {
            Execution e = execute(t);
            if (e.aborted()) {
                finish(t, TxnResult.aborted(e.abortReason(), e.reads()), null);
                return;
            }
            t.execution = e;
            t.plan.hops().forEach(h -> claims.add(new KeyClaim(h.key(), h.access(), e.observed().get(h.key()))));
        }
        t.phase = HomeTxn.Phase.CLAIMING;
        sendClaims(t, new ClaimKeys(t.txn, t.attempt, claims));
    }

    @Override
    protected void onClaimReply(RegionId from, HomeTxn t, ClaimReply r) {
        if (t.phase != HomeTxn.Phase.CLAIMING) {
            return;
        }
        if (r.verdict() == ClaimVerdict.GRANTED && t.granted.add(from) && t.granted.size() >= majority()) {
            if (t.readOnly()) {
                finishReadOnly(t, t.rows, snapshotVersion(t));
            } else {
                commit(t, t.execution);
            }
        } else if (r.verdict() == ClaimVerdict.REFUSED && t.refused.add(from)) {
            for (int i = 0; i < r.versions().size(); i++) {
                t.need(t.lockClaims.get(i).key(), r.versions().get(i));
            }
            if (t.refused.size() > regions() - majority()) {
                retryOrAbort(t);
            }
        }
    }

    private void retryOrAbort(HomeTxn t) {
        broadcast(new ReleaseKeys(t.txn, t.attempt));
        if (t.attempt < settings.validationRetries()) {
            t.nextAttempt();
            settle(t);
        } else {
            finish(t, TxnResult.conflict("OCC: validation failed at a majority of regions " + (t.attempt + 1)
                    + " times (a conflicting transaction committed or was validated first)"), null);
        }
    }

    @Override
    protected void onReplicaChanged() {
        if (!parked.isEmpty()) {
            List<Parked> waiting = parked;
            parked = new ArrayList<>();
            for (Parked p : waiting) {
                validate(p.from, p.claim);
            }
        }
        for (HomeTxn t : openTransactions()) {
            if (t.phase == HomeTxn.Phase.SETTLING) {
                run(t);
            }
        }
    }

    @Override
    protected void onTimers(long now) {
    }

    @Override
    protected long nextTimerMicros() {
        return Long.MAX_VALUE;
    }

    // ---- participant ----

    @Override
    protected void onClaim(NodeId from, ClaimKeys c) {
        List<ChainKey> keys = new ArrayList<>(c.claims().size());
        c.claims().forEach(k -> keys.add(k.key()));
        replica.whenLoaded(keys, () -> validate(from, c));
    }

    private void validate(NodeId from, ClaimKeys c) {
        if (reservations.hasEnded(c.txn(), c.attempt())) {
            return;
        }
        boolean refuse = false;
        boolean early = false;
        boolean writes = false;
        List<Version> known = new ArrayList<>(c.claims().size());
        for (KeyClaim k : c.claims()) {
            Version v = replica.known(k.key());
            known.add(v);
            refuse |= v.isAfter(k.observed()) || reservations.conflicts(c.txn(), k);
            early |= v.isBefore(k.observed());
            writes |= k.access().writes();
        }
        if (refuse) {
            send(from, new ClaimReply(c.txn(), c.attempt(), ClaimVerdict.REFUSED, known));
        } else if (early) {
            parked.add(new Parked(from, c));
        } else {
            // An attempt that writes nothing needs no reservation (class comment); a read-only
            // one would never release it.
            if (!writes) {
                send(from, new ClaimReply(c.txn(), c.attempt(), ClaimVerdict.GRANTED, List.of()));
                return;
            }
            // Reserved at once, so that what is validated next sees it; granted once recorded.
            reservations.reserve(c.txn(), c.attempt(), from, c.claims());
            RecordCodec.Grant g = new RecordCodec.Grant(c.txn(), c.attempt(), from, c.claims());
            records.record(RecordCodec.grantRow(c.txn()), RecordCodec.encode(g), () -> {
                if (reservations.holds(c.txn(), c.attempt())) {
                    send(from, new ClaimReply(c.txn(), c.attempt(), ClaimVerdict.GRANTED, List.of()));
                }
            });
        }
    }

    @Override
    protected void restoreGrant(RecordCodec.Grant g) {
        reservations.reserve(g.txn(), g.attempt(), g.home(), g.claims());
        send(g.home(), new ClaimReply(g.txn(), g.attempt(), ClaimVerdict.GRANTED, List.of()));
    }

    @Override
    protected void announceGrants() {
        for (Reservations.Holder h : reservations.holders()) {
            send(h.home(), new ClaimReply(h.txn(), h.attempt(), ClaimVerdict.GRANTED, List.of()));
        }
    }

    @Override
    protected boolean holds(TxnId txn) {
        return reservations.reserves(txn);
    }

    @Override
    protected void onRelease(ReleaseKeys r) {
        reservations.release(r.txn(), r.attempt());
        if (!reservations.reserves(r.txn())) {
            records.drop(RecordCodec.grantRow(r.txn()));
        }
        parked.removeIf(p -> p.claim.txn().equals(r.txn()) && p.claim.attempt() <= r.attempt());
    }

    @Override
    protected void commitDurable(CommitWrites c) {
        reservations.release(c.txn(), c.attempt());
        parked.removeIf(p -> p.claim.txn().equals(c.txn()));
    }

    @Override
    protected String participantState() {
        return reservations.held() + " transactions holding reservations, " + parked.size()
                + " validations waiting to learn a version";
    }

    @Override
    protected boolean participantQuiescent() {
        return reservations.held() == 0 && parked.isEmpty();
    }
}
