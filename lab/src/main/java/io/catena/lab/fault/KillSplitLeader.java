package io.catena.lab.fault;

/**
 * {@link KillLeader} on a first region that is split over processes as well: beside its leader
 * and standby coordinator, each chain server runs in a process of its own, all of them over the
 * region's Cassandra server. When the leader dies, the chain-server processes lose their
 * coordinator and dial the region's coordinator addresses in turn until the new leader admits
 * them; it resyncs them as it would restarted chain servers.
 */
final class KillSplitLeader extends KillLeader {

    @Override
    public String name() {
        return "kill-split-leader";
    }

    @Override
    public String description() {
        return "kill-leader on " + ThreeRegionProcesses.REGIONS.get(0) + " split over processes as well (a process "
                + "per chain server, which follow the new leader)";
    }

    @Override
    public ClusterLayout layout(ClusterLayout base) {
        return super.layout(base).withFirstSplit();
    }
}
