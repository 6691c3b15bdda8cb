package io.catena.baselines;

import io.catena.baselines.message.ClaimKeys;
import io.catena.baselines.message.CommitWrites;
import io.catena.baselines.message.KeyClaim;
import io.catena.core.data.ChainKey;
import io.catena.core.data.RowKey;
import io.catena.core.data.SnapshotRows;
import io.catena.core.data.Version;
import io.catena.core.id.NodeId;
import io.catena.core.id.RegionId;
import io.catena.core.id.RequestId;
import io.catena.core.id.TxnId;
import io.catena.core.message.SubmitReadOnly;
import io.catena.core.txn.Access;
import io.catena.core.txn.TxnPlan;
import io.catena.core.txn.TxnResult;
import io.catena.core.txn.TxnSpec;
import io.catena.kit.Execution;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A transaction at the region a client sent it to, its home, which runs it to an answer: what it
 * is, which attempt is under way, and what the regions have said to that attempt.
 */
final class HomeTxn {

    enum Phase {
        /** Asking the regions for locks (2PL) or validation (OCC). */
        CLAIMING,
        /** Granted; waiting for this region to apply the versions the grants named, then running. */
        CATCHING_UP,
        /** OCC: waiting for this region to apply what it knows of the keys before running. */
        SETTLING,
        /** The commit is out; waiting for a majority of regions to make it durable. */
        COMMITTING
    }

    final RequestId request;
    final TxnId txn;
    NodeId client;
    /** The read-write transaction, or null for a read-only one. */
    final TxnSpec spec;
    final TxnPlan plan;
    /** The rows a read-only transaction reads by key, or null. */
    final List<RowKey> reads;
    /** The partitions a read-only transaction reads whole, or null. */
    final List<ChainKey> partitionReads;
    final List<KeyClaim> lockClaims;

    int attempt;
    Phase phase;
    long deadlineMicros = Long.MAX_VALUE;
    final Set<RegionId> granted = new HashSet<>();
    final Set<RegionId> refused = new HashSet<>();
    final Set<RegionId> applied = new HashSet<>();
    /** Per key, the newest version a granting (2PL) or refusing (OCC) region knew. */
    final Map<ChainKey, Version> needed = new LinkedHashMap<>();
    /** Whether this region has every key of the transaction in memory. */
    boolean loaded;
    Execution execution;
    /** OCC, read-only: the rows read, answered once a majority validated them. */
    SnapshotRows rows;
    Version commitVersion;
    /** The attempt's claims as last sent, for regions that have not answered them. */
    ClaimKeys claim;
    /** The decided commit and the client's answer once it is durable somewhere, or null. */
    CommitWrites commit;
    TxnResult committed;
    /** Whether the decision is in this region's stable records, so that the commit may go out. */
    boolean decided;
    /** When the attempt's claims or commit last went out. */
    long sentMicros;

    private HomeTxn(RequestId request, TxnId txn, NodeId client, TxnSpec spec, TxnPlan plan, SubmitReadOnly read,
                    List<KeyClaim> lockClaims) {
        this.request = request;
        this.txn = txn;
        this.client = client;
        this.spec = spec;
        this.plan = plan;
        this.reads = read == null ? null : read.keys();
        this.partitionReads = read == null ? null : read.partitions();
        this.lockClaims = lockClaims;
    }

    static HomeTxn readWrite(RequestId request, TxnId txn, NodeId client, TxnSpec spec, TxnPlan plan) {
        List<KeyClaim> claims = new ArrayList<>(plan.size());
        plan.hops().forEach(h -> claims.add(new KeyClaim(h.key(), h.access(), null)));
        return new HomeTxn(request, txn, client, spec, plan, null, claims);
    }

    /** A read-only transaction reading {@code read}, which touches {@code keys}. */
    static HomeTxn readOnly(SubmitReadOnly read, TxnId txn, NodeId client, List<ChainKey> keys) {
        List<KeyClaim> claims = new ArrayList<>(keys.size());
        keys.forEach(k -> claims.add(new KeyClaim(k, Access.READ, null)));
        return new HomeTxn(read.request(), txn, client, null, null, read, claims);
    }

    /** A commit this region decided before it crashed, read back from its stable records. */
    static HomeTxn decided(RecordCodec.Decision d) {
        CommitWrites c = d.commit();
        List<KeyClaim> claims = new ArrayList<>(c.keys().size());
        c.keys().forEach(k -> claims.add(new KeyClaim(k.key(), k.writes().isEmpty() ? Access.READ : Access.WRITE, null)));
        HomeTxn t = new HomeTxn(d.request(), c.txn(), d.client(), null, null, null, claims);
        t.attempt = c.attempt();
        t.phase = Phase.COMMITTING;
        t.commitVersion = c.version();
        t.commit = c;
        t.committed = d.result();
        t.decided = true;
        return t;
    }

    boolean readOnly() {
        return spec == null;
    }

    List<ChainKey> keys() {
        List<ChainKey> keys = new ArrayList<>(lockClaims.size());
        lockClaims.forEach(c -> keys.add(c.key()));
        return keys;
    }

    /** Starts the next attempt: forgets what the regions said to the last one. */
    void nextAttempt() {
        attempt++;
        granted.clear();
        refused.clear();
        applied.clear();
        execution = null;
        rows = null;
        commitVersion = null;
        claim = null;
    }

    void need(ChainKey key, Version version) {
        needed.merge(key, version, Version::max);
    }
}
