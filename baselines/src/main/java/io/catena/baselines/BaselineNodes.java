package io.catena.baselines;

import io.catena.core.config.ClusterConfig;
import io.catena.core.id.RegionId;
import io.catena.core.procedure.ProcedureRegistry;
import io.catena.core.spi.NodePorts;

/** Makes a region's only node under a baseline protocol. */
public final class BaselineNodes {

    private BaselineNodes() {
    }

    public static BaselineNode create(Protocol protocol, ClusterConfig config, RegionId region,
                                      ProcedureRegistry procedures, NodePorts ports, BaselineSettings settings) {
        return switch (protocol) {
            case TWO_PHASE_LOCKING -> new TwoPhaseLockingNode(config, region, procedures, ports, settings);
            case OPTIMISTIC -> new OptimisticNode(config, region, procedures, ports, settings);
            case CATENA -> throw new IllegalArgumentException("Catena runs its own coordinator and chain servers");
        };
    }
}
