package io.catena.lab.fault;

/**
 * Pauses the leader coordinator of the first region (SIGSTOP), as a long GC pause or a frozen VM
 * would, until ZooKeeper has expired its session and the standby has taken over; holds the pause
 * for {@code --fault-for}, then lets the old leader go on (SIGCONT) with whatever it was doing.
 * It must then reach nothing: its writes are refused by the store's fence, its links by every
 * process that heard of the newer term, and it must step down and wait as the standby. The audit
 * would catch anything it got in.
 */
final class PauseLeader extends LeaderScenario {

    @Override
    public String name() {
        return "pause-leader";
    }

    @Override
    public String description() {
        return "SIGSTOP the leader coordinator of " + ThreeRegionProcesses.REGIONS.get(0) + " until its ZooKeeper "
                + "session expires and the standby leads, hold --fault-for, then SIGCONT: the old leader wakes up, "
                + "is fenced, and must wait as the standby; --repeat times";
    }

    @Override
    public void run(FaultContext context) throws Exception {
        ThreeRegionProcesses cluster = context.cluster();
        for (int pause = 1; pause <= context.options().repeat(); pause++) {
            RegionProcessHandle leader = LeaderFailover.awaitLeader(cluster, null);
            int index = cluster.coordinators().indexOf(leader);
            leader.pause();
            context.faultStarted("SIGSTOP the leader, coordinator " + index);
            RegionProcessHandle successor = LeaderFailover.awaitLeader(cluster, leader);
            context.healed("coordinator " + cluster.coordinators().indexOf(successor) + " leads");
            context.hold(context.options().faultFor());
            leader.resume();
            LeaderFailover.awaitStandby(leader, "the old leader, coordinator " + index + ", woken up");
        }
        context.awaitHealthy();
    }
}
