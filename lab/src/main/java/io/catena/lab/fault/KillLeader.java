package io.catena.lab.fault;

/**
 * Kills the leader coordinator of the first region, which runs with a standby, with SIGKILL: the
 * standby takes over once ZooKeeper has expired the dead leader's session, claims the store for a
 * new term and recovers from the log; the killed process is started again and waits as the
 * standby. Made {@code --repeat} times, {@code --fault-for} apart, for failover figures.
 */
class KillLeader extends LeaderScenario {

    @Override
    public String name() {
        return "kill-leader";
    }

    @Override
    public String description() {
        return "kill -9 the leader coordinator of " + ThreeRegionProcesses.REGIONS.get(0) + " (a leader and a standby "
                + "over Cassandra, elected through ZooKeeper); the standby takes over, the killed one restarts as the "
                + "standby; --repeat times, --fault-for apart";
    }

    @Override
    public void run(FaultContext context) throws Exception {
        ThreeRegionProcesses cluster = context.cluster();
        for (int kill = 1; kill <= context.options().repeat(); kill++) {
            RegionProcessHandle leader = LeaderFailover.awaitLeader(cluster, null);
            int index = cluster.coordinators().indexOf(leader);
            leader.kill();
            context.faultStarted("kill -9 the leader, coordinator " + index);
            RegionProcessHandle successor = LeaderFailover.awaitLeader(cluster, leader);
            context.healed("coordinator " + cluster.coordinators().indexOf(successor) + " leads");
            LeaderFailover.awaitStandby(cluster.startCoordinator(index), "the restarted coordinator " + index);
            if (kill < context.options().repeat()) {
                context.hold(context.options().faultFor());
            }
        }
        context.awaitHealthy();
    }
}
