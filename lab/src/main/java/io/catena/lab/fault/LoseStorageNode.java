package io.catena.lab.fault;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Retires a storage node of the first region for good, and then the chain server beside it: the
 * region runs split over two chain-server processes beside a two-node Cassandra cluster (with a
 * standby coordinator, as every Cassandra-backed region of these runs has). Node 1 leaves the ring
 * ({@code nodetool decommission}), so its ranges move to node 0, and the coordinator's layout
 * watch moves their ownership to chain server 0 from a membership epoch on; once it has, chain
 * server 1 is killed for good.
 *
 * <p>The order matters: a chain server that died still holds the unfinalized work of its epochs
 * before an ownership move, so the keys moving away from it would wait for its restart (the new
 * owner's first action waits until every earlier epoch is finalized). Only a chain server that has
 * handed its keys off can go for good.
 */
final class LoseStorageNode implements FaultScenario {

    private static final int LEAVING = 1;
    /** The layout watch reads the ring every 5 s; the membership epoch follows within a second. */
    private static final Duration OWNERSHIP_TIMEOUT = Duration.ofSeconds(30);
    private static final Pattern LAYOUT_LINE = Pattern.compile("chain servers \\[[0-9, ]*] own them");

    @Override
    public String name() {
        return "lose-storage-node";
    }

    @Override
    public String description() {
        return "decommission Cassandra node " + LEAVING + " of " + ThreeRegionProcesses.REGIONS.get(0) + " (split "
                + "beside a two-node cluster), so that chain server 0 owns every key; then kill -9 chain server "
                + LEAVING + " for good";
    }

    @Override
    public ClusterLayout layout(ClusterLayout base) {
        return base.withStandbyFirst().withFirstSplit().withStorageNodes(2);
    }

    @Override
    public void run(FaultContext context) throws Exception {
        ThreeRegionProcesses cluster = context.cluster();
        context.faultStarted("decommission storage node " + LEAVING);
        cluster.standbyServers().decommission(LEAVING);
        RegionProcessHandle leader = LeaderFailover.awaitLeader(cluster, null);
        if (!ThreeRegionProcesses.waitFor(OWNERSHIP_TIMEOUT, () -> lastLayoutLine(leader).endsWith("[0] own them"))) {
            throw new IllegalStateException("the ownership of " + ThreeRegionProcesses.REGIONS.get(0) + "'s keys did "
                    + "not move to chain server 0 within " + OWNERSHIP_TIMEOUT.toSeconds() + " s of storage node "
                    + LEAVING + "'s decommission: its coordinator says \"" + lastLayoutLine(leader) + "\"");
        }
        context.healed("chain server 0 owns every key");
        cluster.chainServers().remove(LEAVING).kill();
        context.faultStarted("kill -9 chain server " + LEAVING + " for good");
        context.hold(context.options().faultFor());
        context.healed("chain server " + LEAVING + " stays dead");
    }

    /** The coordinator's last word on which chain servers own the region's keys. */
    private static String lastLayoutLine(RegionProcessHandle coordinator) {
        Matcher m = LAYOUT_LINE.matcher(coordinator.output());
        String last = "";
        while (m.find()) {
            last = m.group();
        }
        return last;
    }
}
