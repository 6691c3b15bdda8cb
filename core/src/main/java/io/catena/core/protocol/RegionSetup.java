package io.catena.core.protocol;

import io.catena.core.config.ClusterConfig;
import io.catena.core.config.Placement;
import io.catena.core.id.RegionId;
import io.catena.core.procedure.ProcedureRegistry;

/**
 * What a region's nodes are made from.
 *
 * @param placement which of the region's chain servers owns a key: the cluster's, or one that
 *                  follows where the store keeps its data
 */
public record RegionSetup(ClusterConfig config, Placement placement, RegionId region, ProcedureRegistry procedures) {
}
