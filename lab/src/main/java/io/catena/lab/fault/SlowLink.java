package io.catena.lab.fault;

import java.time.Duration;
import java.util.List;

/**
 * Adds 200 ms each way to the link between {@code --region} and the region after it, then, still
 * slow, resets the link's connections (TCP RST on every connection for a second, so the regions
 * reconnect and resend), then removes the delay.
 */
final class SlowLink implements FaultScenario {

    static final Duration EXTRA = Duration.ofMillis(200);
    private static final Duration RESET_FOR = Duration.ofSeconds(1);

    @Override
    public String name() {
        return "slow-link";
    }

    @Override
    public String description() {
        return "add " + EXTRA.toMillis() + " ms to the link from --region to the next region for --fault-for, "
                + "reset its connections, hold --fault-for again, then remove the delay";
    }

    @Override
    public void run(FaultContext context) throws Exception {
        FaultOptions options = context.options();
        List<String> regions = ThreeRegionProcesses.REGIONS;
        int a = options.regionIndex();
        int b = (a + 1) % regions.size();
        String link = regions.get(a) + " <-> " + regions.get(b);
        WanLinks links = context.cluster().wanLinks();
        links.slow(a, b, EXTRA);
        context.faultStarted(EXTRA.toMillis() + " ms added to " + link);
        context.hold(options.faultFor());
        context.faultStarted("connections of " + link + " reset for " + RESET_FOR.toSeconds() + " s");
        links.reset(a, b, RESET_FOR);
        context.hold(options.faultFor());
        links.unslow(a, b);
        context.healed("delay of " + link + " removed");
        context.awaitHealthy();
    }
}
