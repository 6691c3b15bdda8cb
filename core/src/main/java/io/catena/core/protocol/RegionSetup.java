package io.catena.core.protocol;

import io.catena.core.config.ClusterConfig;
import io.catena.core.id.RegionId;
import io.catena.core.membership.HashPositions;
import io.catena.core.membership.KeyPositions;
import io.catena.core.membership.MembershipHistory;
import io.catena.core.membership.OwnershipMap;
import io.catena.core.procedure.ProcedureRegistry;

/**
 * What a region's nodes are made from.
 *
 * @param positions              where each key sits in the store's order: the positions the maps place keys by
 * @param ownership              which chain server owns which range of positions from epoch 1 on, until the
 *                               region's coordinator announces a membership change
 * @param chainServerMemoryBytes the estimated bytes of cached partitions above which each chain
 *                               server evicts idle ones ({@link #UNLIMITED}: never). A resource of
 *                               the region's processes, not a protocol setting: regions may differ,
 *                               and it is not part of the cluster's configuration or fingerprint
 */
public record RegionSetup(ClusterConfig config, KeyPositions positions, OwnershipMap ownership, RegionId region,
                          ProcedureRegistry procedures, long chainServerMemoryBytes) {

    /** No memory budget: chain servers keep every partition they touch. */
    public static final long UNLIMITED = Long.MAX_VALUE;

    public RegionSetup {
        MembershipHistory.initial(positions, ownership);
        if (chainServerMemoryBytes < 0) {
            throw new IllegalArgumentException("a chain server's memory budget must not be negative, not "
                    + chainServerMemoryBytes);
        }
    }

    /** The same region with each chain server's memory budget set to {@code bytes}. */
    public RegionSetup withChainServerMemory(long bytes) {
        return new RegionSetup(config, positions, ownership, region, procedures, bytes);
    }

    /** A region whose store has no layout of its own: the stable hash cut into ranges dealt evenly. */
    public static RegionSetup hashed(ClusterConfig config, RegionId region, ProcedureRegistry procedures) {
        return new RegionSetup(config, HashPositions.INSTANCE, OwnershipMap.evenly(config.chainServersPerRegion()),
                region, procedures, UNLIMITED);
    }

    /**
     * A region whose store places keys by {@code positions}: every process starts from the same map,
     * derived from the configuration alone (the positions cut evenly), and the map that follows the
     * store's layout reaches every node through the coordinator as a membership change, so that no
     * two processes can start from maps read from the store at different moments.
     */
    public static RegionSetup placedBy(KeyPositions positions, ClusterConfig config, RegionId region,
                                       ProcedureRegistry procedures) {
        return new RegionSetup(config, positions, OwnershipMap.evenly(positions.scheme(),
                config.chainServersPerRegion()), region, procedures, UNLIMITED);
    }

    /** The history every node of the region starts from: the initial map from epoch 1. */
    public MembershipHistory history() {
        return MembershipHistory.initial(positions, ownership);
    }
}
