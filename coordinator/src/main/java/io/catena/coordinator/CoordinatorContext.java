package io.catena.coordinator;

import io.catena.coordinator.membership.Ownership;
import io.catena.core.config.ClusterConfig;
import io.catena.core.epoch.Epochs;
import io.catena.core.id.NodeId;
import io.catena.core.id.RegionId;
import io.catena.core.membership.MembershipHistory;
import io.catena.core.procedure.ProcedureRegistry;
import io.catena.core.spi.NodePorts;
import io.catena.core.spi.Outbox;
import io.catena.core.spi.StoragePort;
import io.catena.core.spi.WorkMeter;
import io.catena.core.txn.TxnPlanner;

/**
 * What every part of a coordinator shares: who it is, the settings, its ports to the world, and
 * which chain server owns which key in which epoch ({@link Ownership}).
 */
public final class CoordinatorContext {

    public final ClusterConfig config;
    public final RegionId region;
    public final NodeId id;
    public final Outbox outbox;
    public final StoragePort storage;
    public final WorkMeter meter;
    public final Ownership ownership;
    public final TxnPlanner planner;
    public final Epochs epochs;
    public final CoordinatorStats stats = new CoordinatorStats();

    public CoordinatorContext(ClusterConfig config, MembershipHistory history, RegionId region, ProcedureRegistry procedures,
                              NodePorts ports) {
        this.config = config;
        this.region = region;
        this.id = NodeId.coordinator(region);
        this.outbox = ports.outbox();
        this.storage = ports.storage();
        this.meter = ports.meter();
        this.ownership = new Ownership(history);
        this.planner = new TxnPlanner(procedures);
        this.epochs = new Epochs(config.epochLengthMicros());
    }

    public int regions() {
        return config.regionCount();
    }

    /** The epoch at {@code nowMicros} (see {@link Epochs}); for hosts that compare a region's clock with its progress. */
    public long epochAt(long nowMicros) {
        return epochs.epochAt(nowMicros);
    }

    public NodeId chainServer(int index) {
        return NodeId.chainServer(region, index);
    }
}
