package io.catena.logkit;

import io.catena.core.data.ChainKey;
import io.catena.core.data.RowKey;
import io.catena.core.data.Version;
import io.catena.core.id.NodeId;
import io.catena.core.id.RequestId;
import io.catena.core.id.TxnId;
import io.catena.core.txn.TxnPlan;
import io.catena.core.txn.TxnSpec;
import io.catena.kit.Execution;
import io.catena.kit.KeyCommit;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A transaction of the region's own clients, from its request until its answer: first waiting for
 * its keys to be in memory, then (read-write) pending until the commit rule lets it commit or a
 * conflict aborts it, and committing while its finished record is being made durable; (read-only)
 * waiting, if it must, until the region can read at a snapshot its session has not yet passed.
 * Mutable; owned by the node's thread.
 */
final class LocalTxn implements CommitRule.Candidate {

    enum Phase { LOADING, PENDING, COMMITTING }

    final RequestId request;
    final TxnId txn;
    /** The read-write transaction's spec and plan; null for a read-only one. */
    final TxnSpec spec;
    final TxnPlan plan;
    /** The rows and partitions a read-only transaction reads; null for a read-write one. */
    final List<RowKey> reads;
    final List<ChainKey> partitionReads;
    /** The oldest snapshot a read-only transaction may read at: its session's last version. */
    final Version floor;
    NodeId client;
    Phase phase = Phase.LOADING;

    /** The run at the request: what it read and would write. */
    Execution execution;
    /** Its pending record's timestamp (Helios' q(t)). */
    long pendingAt;
    /** The timestamp of the last shipment built before its request (Message Futures' LPT). */
    long shippedBefore;
    /** The least timestamp its version can take, then its version's once committed (see {@link PendingPools}). */
    long stamp;
    /** The keys it reads or writes, and those it writes. */
    Set<ChainKey> touched = Set.of();
    Set<ChainKey> writes = Set.of();
    /** Its keys with the versions it read and its writes, as its pending record carries them. */
    List<KeyCommit> keys = List.of();

    private LocalTxn(RequestId request, TxnId txn, NodeId client, TxnSpec spec, TxnPlan plan, List<RowKey> reads,
                     List<ChainKey> partitionReads, Version floor) {
        this.request = request;
        this.txn = txn;
        this.client = client;
        this.spec = spec;
        this.plan = plan;
        this.reads = reads;
        this.partitionReads = partitionReads;
        this.floor = floor;
    }

    static LocalTxn readWrite(RequestId request, TxnId txn, NodeId client, TxnSpec spec, TxnPlan plan) {
        return new LocalTxn(request, txn, client, spec, plan, null, null, Version.ZERO);
    }

    static LocalTxn readOnly(RequestId request, TxnId txn, NodeId client, List<RowKey> reads,
                             List<ChainKey> partitions, Version floor) {
        return new LocalTxn(request, txn, client, null, null, List.copyOf(reads), List.copyOf(partitions), floor);
    }

    boolean readOnly() {
        return spec == null;
    }

    /** Every key the transaction touches, in plan order (read-only: rows' partitions, then whole ones). */
    List<ChainKey> keys() {
        Set<ChainKey> keys = new LinkedHashSet<>();
        if (readOnly()) {
            reads.forEach(r -> keys.add(r.chainKey()));
            keys.addAll(partitionReads);
        } else {
            plan.hops().forEach(h -> keys.add(h.key()));
        }
        return new ArrayList<>(keys);
    }

    /** Takes the run's keys, versions and writes as the transaction's read and write sets. */
    void pending(Execution e, long timestamp, long lastShipped, long leastVersion) {
        execution = e;
        pendingAt = timestamp;
        shippedBefore = lastShipped;
        stamp = leastVersion;
        touched = Set.copyOf(e.observed().keySet());
        Set<ChainKey> written = new LinkedHashSet<>();
        List<KeyCommit> commits = new ArrayList<>(e.observed().size());
        for (Map.Entry<ChainKey, Version> o : e.observed().entrySet()) {
            var rows = e.writes().getOrDefault(o.getKey(), List.of());
            if (!rows.isEmpty()) {
                written.add(o.getKey());
            }
            commits.add(new KeyCommit(o.getKey(), o.getValue(), rows));
        }
        writes = Set.copyOf(written);
        keys = List.copyOf(commits);
        phase = Phase.PENDING;
    }

    @Override
    public long pendingAt() {
        return pendingAt;
    }

    @Override
    public long shippedBefore() {
        return shippedBefore;
    }

    @Override
    public Map<ChainKey, Version> observed() {
        return execution.observed();
    }
}
