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
import io.catena.core.txn.TxnResult;
import io.catena.kit.Execution;
import java.util.ArrayList;
import java.util.List;

/**
 * Paxos Commit over two-phase locking (the paper's §VII-A): the home asks every region to lock
 * the transaction's keys, shared for reads and exclusive for writes; once a majority has granted
 * them all, it waits until its own copy has applied the newest version any granting region knew
 * (a majority of grants always includes the last writer's commit), runs the transaction there,
 * and sends the commit to every region, which applies it and drops the locks. The client has its
 * answer once a majority has the commit durable: two round trips to a majority, plus waiting for
 * locks.
 *
 * <p>Deadlocks are prevented by wound-wait; a restarted attempt keeps its age. A transaction that
 * holds no majority of grants {@link BaselineSettings#lockWaitMicros} after it asked aborts, as in
 * the paper, whose 2PL aborts only through this timeout. Read-only transactions take shared locks
 * the same way and read at home, so they too cost a round trip to a majority.
 */
public final class TwoPhaseLockingNode extends BaselineNode implements LockTable.Listener {

    private final LockTable locks = new LockTable(this);

    public TwoPhaseLockingNode(ClusterConfig config, RegionId region, ProcedureRegistry procedures, NodePorts ports,
                               BaselineSettings settings) {
        super(config, region, procedures, ports, settings);
    }

    // ---- home ----

    @Override
    protected void start(HomeTxn t) {
        claim(t);
    }

    private void claim(HomeTxn t) {
        t.phase = HomeTxn.Phase.CLAIMING;
        t.deadlineMicros = nowMicros + settings.lockWaitMicros();
        sendClaims(t, new ClaimKeys(t.txn, t.attempt, t.lockClaims));
    }

    @Override
    protected void onClaimReply(RegionId from, HomeTxn t, ClaimReply r) {
        if (r.verdict() == ClaimVerdict.WOUNDED) {
            if (t.phase != HomeTxn.Phase.COMMITTING) {
                broadcast(new ReleaseKeys(t.txn, t.attempt));
                t.nextAttempt();
                claim(t);
            }
            return;
        }
        if (r.verdict() != ClaimVerdict.GRANTED || t.phase != HomeTxn.Phase.CLAIMING || !t.granted.add(from)) {
            return;
        }
        for (int i = 0; i < t.lockClaims.size(); i++) {
            t.need(t.lockClaims.get(i).key(), r.versions().get(i));
        }
        if (t.granted.size() >= majority()) {
            t.phase = HomeTxn.Phase.CATCHING_UP;
            t.deadlineMicros = Long.MAX_VALUE;
            int attempt = t.attempt;
            replica.whenLoaded(t.keys(), () -> {
                if (t.attempt == attempt) {
                    t.loaded = true;
                    proceed(t);
                }
            });
        }
    }

    /** Runs the transaction once this region has caught up with what the grants named. */
    private void proceed(HomeTxn t) {
        if (t.phase != HomeTxn.Phase.CATCHING_UP || !t.loaded || !replica.reached(t.needed)) {
            return;
        }
        if (t.readOnly()) {
            var rows = readRows(t);
            Version snapshot = snapshotVersion(t);
            broadcast(new ReleaseKeys(t.txn, t.attempt));
            finishReadOnly(t, rows, snapshot);
            return;
        }
        Execution e = execute(t);
        if (e.aborted()) {
            broadcast(new ReleaseKeys(t.txn, t.attempt));
            finish(t, TxnResult.aborted(e.abortReason(), e.reads()), null);
            return;
        }
        commit(t, e);
    }

    @Override
    protected void onReplicaChanged() {
        for (HomeTxn t : openTransactions()) {
            if (t.phase == HomeTxn.Phase.CATCHING_UP) {
                proceed(t);
            }
        }
    }

    @Override
    protected void onTimers(long now) {
        for (HomeTxn t : openTransactions()) {
            if (t.phase == HomeTxn.Phase.CLAIMING && now >= t.deadlineMicros) {
                broadcast(new ReleaseKeys(t.txn, t.attempt));
                finish(t, TxnResult.conflict("2PL: no majority of regions granted the locks within "
                        + settings.lockWaitMicros() / 1000 + " ms"), null);
            }
        }
    }

    @Override
    protected long nextTimerMicros() {
        long next = Long.MAX_VALUE;
        for (HomeTxn t : openTransactions()) {
            next = Math.min(next, t.deadlineMicros);
        }
        return next;
    }

    // ---- participant ----

    @Override
    protected void onClaim(NodeId from, ClaimKeys c) {
        List<ChainKey> keys = new ArrayList<>(c.claims().size());
        c.claims().forEach(k -> keys.add(k.key()));
        replica.whenLoaded(keys, () -> locks.claim(new LockTable.Claim(c.txn(), c.attempt(), from, c.claims())));
    }

    /** Records the grant (Paxos Commit's prepared record) and sends it once it is durable, if it still holds. */
    @Override
    public void granted(LockTable.Claim claim) {
        RecordCodec.Grant g = new RecordCodec.Grant(claim.txn, claim.attempt, claim.home, claim.keys);
        records.record(RecordCodec.grantRow(claim.txn), RecordCodec.encode(g), () -> {
            if (locks.holds(claim.txn, claim.attempt)) {
                sendGrant(claim);
            }
        });
    }

    private void sendGrant(LockTable.Claim claim) {
        List<Version> versions = new ArrayList<>(claim.keys.size());
        for (KeyClaim k : claim.keys) {
            versions.add(replica.known(k.key()));
        }
        send(claim.home, new ClaimReply(claim.txn, claim.attempt, ClaimVerdict.GRANTED, versions));
    }

    @Override
    protected void restoreGrant(RecordCodec.Grant g) {
        locks.claim(new LockTable.Claim(g.txn(), g.attempt(), g.home(), g.claims()));
    }

    @Override
    protected void announceGrants() {
        locks.grantedClaims().forEach(this::sendGrant);
    }

    @Override
    protected boolean holds(TxnId txn) {
        return locks.claims(txn);
    }

    @Override
    public void wound(TxnId holder, int attempt, NodeId home) {
        send(home, new ClaimReply(holder, attempt, ClaimVerdict.WOUNDED, List.of()));
    }

    @Override
    protected void onRelease(ReleaseKeys r) {
        locks.release(r.txn(), r.attempt());
        if (!locks.claims(r.txn())) {
            records.drop(RecordCodec.grantRow(r.txn()));
        }
    }

    @Override
    protected void commitDurable(CommitWrites c) {
        locks.release(c.txn(), c.attempt());
    }

    @Override
    protected String participantState() {
        return locks.activeClaims() + " transactions holding or waiting for locks";
    }

    @Override
    protected boolean participantQuiescent() {
        return locks.activeClaims() == 0;
    }
}
