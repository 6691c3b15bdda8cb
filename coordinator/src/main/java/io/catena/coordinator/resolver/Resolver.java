package io.catena.coordinator.resolver;

import io.catena.catenae.message.EpochRetired;
import io.catena.catenae.message.ResolveReply;
import io.catena.catenae.message.ResolveRequest;
import io.catena.core.id.NodeId;
import io.catena.core.id.RegionId;
import io.catena.core.id.TxnId;
import io.catena.core.message.Message;
import io.catena.core.spi.NodePorts;
import io.catena.core.spi.Outbox;
import io.catena.core.spi.ProtocolNode;
import io.catena.core.spi.WorkMeter;
import java.util.List;
import java.util.TreeMap;

/**
 * The transaction resolver of a region (Catenae §IV, §VI-C). Chain servers ask it before a
 * transaction precommits on a key ahead of conflicting transactions that have footprints there
 * (the potential-cycle pattern of Fig. 4); it answers from its dependency repository, which makes
 * every speculative order in the region cycle-free.
 *
 * <p>Transactions of different epochs never need it: epochs precommit in order on every key, so a
 * cycle can only form within one epoch, and the repository is kept per epoch and dropped when the
 * coordinator retires the epoch. Answers are cached in the sense of the paper: once an order is
 * recorded, later questions about the same pair are answered from it.
 *
 * <p>Threading: one thread, driven by its host. The resolver keeps no durable state: after a
 * restart it starts empty, which can only make a region's speculation disagree more often, never
 * make a decision unsafe (decisions do not depend on speculation being correct).
 */
public final class Resolver implements ProtocolNode {

    private final NodeId id;
    private final Outbox outbox;
    private final WorkMeter meter;
    private final TreeMap<Long, DependencyGraph> graphs = new TreeMap<>();
    private long retiredThrough;
    private long queries;
    private long refusals;

    public Resolver(RegionId region, NodePorts ports) {
        this.id = NodeId.resolver(region);
        this.outbox = ports.outbox();
        this.meter = ports.meter();
    }

    @Override
    public NodeId id() {
        return id;
    }

    @Override
    public void onMessage(long nowMicros, NodeId from, Message message) {
        if (message instanceof ResolveRequest request) {
            onResolve(from, request);
        } else if (message instanceof EpochRetired retired) {
            retiredThrough = Math.max(retiredThrough, retired.epoch());
            graphs.headMap(retiredThrough, true).clear();
        }
    }

    private void onResolve(NodeId from, ResolveRequest request) {
        queries++;
        long epoch = request.txn().epoch();
        List<TxnId> waitFor;
        if (epoch <= retiredThrough) {
            // Every transaction of a retired epoch has finished speculating; nothing to protect.
            waitFor = List.of();
        } else {
            DependencyGraph graph = graphs.computeIfAbsent(epoch, e -> new DependencyGraph());
            waitFor = graph.orderBefore(request.txn(), request.overtaken());
            meter.keyAccess(16 * (1 + request.overtaken().size()));
        }
        if (!waitFor.isEmpty()) {
            refusals++;
        }
        outbox.send(from, new ResolveReply(request.txn(), request.key(), waitFor));
    }

    @Override
    public void onWakeup(long nowMicros) {
    }

    @Override
    public long nextWakeupMicros() {
        return Long.MAX_VALUE;
    }

    public long queries() {
        return queries;
    }

    /** Queries answered "wait for these first": the resolver prevented a cycle. */
    public long refusals() {
        return refusals;
    }
}
