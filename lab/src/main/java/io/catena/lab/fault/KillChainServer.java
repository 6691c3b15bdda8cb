package io.catena.lab.fault;

/**
 * Kills chain server 0's process of the first region, split over processes, with SIGKILL (no
 * shutdown hook runs), and starts it again after the fault's time: the new incarnation says hello
 * and the region's coordinator resyncs it, as after any crash.
 */
final class KillChainServer implements FaultScenario {

    private static final int VICTIM = 0;

    @Override
    public String name() {
        return "kill-chain-server";
    }

    @Override
    public String description() {
        return "kill -9 chain server " + VICTIM + "'s process of " + ThreeRegionProcesses.REGIONS.get(0)
                + " (split over processes), restart it after --fault-for";
    }

    @Override
    public ClusterLayout layout(ClusterLayout base) {
        return base.withFirstSplit();
    }

    @Override
    public void run(FaultContext context) throws Exception {
        ThreeRegionProcesses cluster = context.cluster();
        String victim = ThreeRegionProcesses.REGIONS.get(0) + "'s chain server " + VICTIM;
        cluster.chainServers().get(VICTIM).kill();
        context.faultStarted("kill -9 " + victim);
        context.hold(context.options().faultFor());
        cluster.chainServers().set(VICTIM, cluster.startChainServer(VICTIM));
        context.healed(victim + " restarted");
        context.awaitHealthy();
    }
}
