package io.catena.chainserver;

import io.catena.core.data.ChainKey;
import io.catena.core.exec.HopExecutor;
import io.catena.core.id.NodeId;
import io.catena.core.id.RegionId;
import io.catena.core.membership.MembershipHistory;
import io.catena.core.spi.NodePorts;
import io.catena.core.spi.Outbox;
import io.catena.core.spi.StoragePort;
import io.catena.core.spi.WorkMeter;
import io.catena.core.txn.TxnPlanner;

/**
 * What every part of a chain server shares: who it is, its settings, its ports to the world, and
 * which keys it owns in which epoch ({@link KeyOwnership}, which only the coordinator's
 * announcements change). Other mutable state is not here: each part owns its own.
 */
final class ChainServerContext {

    final NodeId id;
    final int serverIndex;
    final RegionId region;
    final KeyOwnership ownership;
    final TxnPlanner planner;
    final HopExecutor executor;
    final Outbox outbox;
    final StoragePort storage;
    final WorkMeter meter;
    /** How long an arrival waits for an earlier-arrived transaction before overtaking it. */
    final long orderingGraceMicros;
    final ChainServerStats stats = new ChainServerStats();

    ChainServerContext(MembershipHistory history, RegionId region, int serverIndex, long orderingGraceMicros,
                       TxnPlanner planner, NodePorts ports) {
        this.id = NodeId.chainServer(region, serverIndex);
        this.serverIndex = serverIndex;
        this.region = region;
        this.ownership = new KeyOwnership(history, serverIndex);
        this.planner = planner;
        this.executor = new HopExecutor(planner);
        this.outbox = ports.outbox();
        this.storage = ports.storage();
        this.meter = ports.meter();
        this.orderingGraceMicros = orderingGraceMicros;
    }

    /** The chain server of {@code key} for a transaction of {@code epoch}. */
    NodeId serverOf(ChainKey key, long epoch) {
        return NodeId.chainServer(region, ownership.serverFor(key, epoch));
    }

    NodeId coordinator() {
        return NodeId.coordinator(region);
    }

    NodeId resolver() {
        return NodeId.resolver(region);
    }
}
