package io.catena.coordinator;

import io.catena.core.config.ClusterConfig;
import io.catena.core.config.Placement;
import io.catena.core.id.NodeId;
import io.catena.core.id.RegionId;
import io.catena.core.procedure.ProcedureRegistry;
import io.catena.core.spi.NodePorts;
import io.catena.core.spi.Outbox;
import io.catena.core.spi.StoragePort;
import io.catena.core.spi.WorkMeter;
import io.catena.core.txn.TxnPlanner;

/** What every part of a coordinator shares: who it is, the settings, and its ports to the world. */
public final class CoordinatorContext {

    public final ClusterConfig config;
    public final RegionId region;
    public final NodeId id;
    public final Outbox outbox;
    public final StoragePort storage;
    public final WorkMeter meter;
    public final Placement placement;
    public final TxnPlanner planner;
    public final CoordinatorStats stats = new CoordinatorStats();

    public CoordinatorContext(ClusterConfig config, Placement placement, RegionId region, ProcedureRegistry procedures,
                              NodePorts ports) {
        this.config = config;
        this.region = region;
        this.id = NodeId.coordinator(region);
        this.outbox = ports.outbox();
        this.storage = ports.storage();
        this.meter = ports.meter();
        this.placement = placement;
        this.planner = new TxnPlanner(procedures);
    }

    public int regions() {
        return config.regionCount();
    }

    public long epochLengthMicros() {
        return config.epochLengthMicros();
    }

    /** Epochs start at 1 so that version 0 is the state before every transaction. */
    public long epochAt(long nowMicros) {
        return nowMicros / config.epochLengthMicros() + 1;
    }

    public long epochStartMicros(long epoch) {
        return (epoch - 1) * config.epochLengthMicros();
    }

    public long epochEndMicros(long epoch) {
        return epoch * config.epochLengthMicros();
    }

    public NodeId chainServer(int index) {
        return NodeId.chainServer(region, index);
    }
}
