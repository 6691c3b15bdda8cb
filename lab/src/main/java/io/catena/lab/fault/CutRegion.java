package io.catena.lab.fault;

/**
 * Cuts every link of one region (its proxies disabled: connections closed, new ones refused)
 * for the fault's time, then heals them. Its clients still reach it; with {@code faultTolerance}
 * 0 every region waits for its records, with 1 the other two go on without it.
 */
final class CutRegion implements FaultScenario {

    @Override
    public String name() {
        return "cut-region";
    }

    @Override
    public String description() {
        return "cut every link of --region for --fault-for, then heal them";
    }

    @Override
    public void run(FaultContext context) throws Exception {
        FaultOptions options = context.options();
        WanLinks links = context.cluster().wanLinks();
        links.cut(options.regionIndex());
        context.faultStarted("cut " + options.region() + "'s links");
        context.hold(options.faultFor());
        links.heal(options.regionIndex());
        context.healed("links of " + options.region() + " restored");
        context.awaitHealthy();
    }
}
