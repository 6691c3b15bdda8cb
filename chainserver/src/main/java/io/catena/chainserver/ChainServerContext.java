package io.catena.chainserver;

import io.catena.core.config.Placement;
import io.catena.core.data.ChainKey;
import io.catena.core.exec.HopExecutor;
import io.catena.core.id.NodeId;
import io.catena.core.id.RegionId;
import io.catena.core.spi.NodePorts;
import io.catena.core.spi.Outbox;
import io.catena.core.spi.StoragePort;
import io.catena.core.spi.WorkMeter;
import io.catena.core.txn.TxnPlanner;

/**
 * What every part of a chain server shares and never changes: who it is, its settings, and its
 * ports to the world. Mutable state is not here: each part owns its own.
 */
final class ChainServerContext {

    final NodeId id;
    final int serverIndex;
    final RegionId region;
    final Placement placement;
    final TxnPlanner planner;
    final HopExecutor executor;
    final Outbox outbox;
    final StoragePort storage;
    final WorkMeter meter;
    /** How long an arrival waits for an earlier-arrived transaction before overtaking it. */
    final long orderingGraceMicros;
    final ChainServerStats stats = new ChainServerStats();

    ChainServerContext(Placement placement, RegionId region, int serverIndex, long orderingGraceMicros,
                       TxnPlanner planner, NodePorts ports) {
        this.id = NodeId.chainServer(region, serverIndex);
        this.serverIndex = serverIndex;
        this.region = region;
        this.placement = placement;
        this.planner = planner;
        this.executor = new HopExecutor(planner);
        this.outbox = ports.outbox();
        this.storage = ports.storage();
        this.meter = ports.meter();
        this.orderingGraceMicros = orderingGraceMicros;
    }

    NodeId serverOf(ChainKey key) {
        return NodeId.chainServer(region, placement.serverFor(key));
    }

    NodeId coordinator() {
        return NodeId.coordinator(region);
    }

    NodeId resolver() {
        return NodeId.resolver(region);
    }
}
