package io.catena.lab.fault;

/**
 * Kills the first region's storage node, the one-node Cassandra server its coordinator processes
 * share (SIGKILL), and starts it again after {@code --fault-for} on the same data directory and
 * ports, as a crashed and rebooted storage machine would come back. While it is gone, every store
 * call of the region fails and its nodes retry it (no step fails, no process exits), so the region
 * stops committing until Cassandra serves again; the other regions go on only as far as the
 * protocol lets them without it. The leader keeps leading throughout: ZooKeeper is up.
 */
final class RestartStorage implements FaultScenario {

    @Override
    public String name() {
        return "restart-storage";
    }

    @Override
    public String description() {
        return "kill -9 the Cassandra server of " + ThreeRegionProcesses.REGIONS.get(0) + " (its one storage node), "
                + "start it again on the same data after --fault-for";
    }

    @Override
    public ClusterLayout layout(ClusterLayout base) {
        return base.withStandbyFirst();
    }

    @Override
    public void run(FaultContext context) throws Exception {
        StandbyServers servers = context.cluster().standbyServers();
        servers.killStore();
        context.faultStarted("kill -9 Cassandra");
        context.hold(context.options().faultFor());
        servers.startStore();
        context.healed("Cassandra restarted");
        context.awaitHealthy();
    }
}
