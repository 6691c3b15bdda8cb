package io.catena.lab.fault;

/**
 * Kills the first region's ZooKeeper server (SIGKILL) and starts it again after {@code
 * --fault-for}. Its leader coordinator stops leading as soon as its ZooKeeper connection is
 * suspended, since it can no longer know whether it still leads: the region stops committing
 * until ZooKeeper is back and a leader is elected again, in a new term. The other regions go on
 * only as far as the protocol lets them without the region (with {@code --fault-tolerance 1}).
 */
final class RestartZooKeeper implements FaultScenario {

    @Override
    public String name() {
        return "restart-zookeeper";
    }

    @Override
    public String description() {
        return "kill -9 the ZooKeeper server of " + ThreeRegionProcesses.REGIONS.get(0) + " (whose coordinator has a "
                + "standby), start it again after --fault-for; a leader is elected again";
    }

    @Override
    public ClusterLayout layout(ClusterLayout base) {
        return base.withStandbyFirst();
    }

    @Override
    public void run(FaultContext context) throws Exception {
        ThreeRegionProcesses cluster = context.cluster();
        var zookeeper = cluster.standbyServers().zookeeper();
        zookeeper.kill();
        context.faultStarted("kill -9 ZooKeeper");
        context.hold(context.options().faultFor());
        zookeeper.start();
        context.healed("ZooKeeper restarted");
        LeaderFailover.awaitLeader(cluster, null);
        context.awaitHealthy();
    }
}
