package io.catena.lab.fault;

import java.time.Duration;

/** Steps the coordinator scenarios share: waiting for the first region's leader, and for a standby. */
final class LeaderFailover {

    /** How long a takeover may take: ZooKeeper's session timeout in these runs (4 s), then the claim and recovery. */
    static final Duration TAKEOVER_TIMEOUT = Duration.ofSeconds(60);

    private LeaderFailover() {
    }

    /** The first region's leader now, waiting for one (and one other than {@code not}, if given). */
    static RegionProcessHandle awaitLeader(ThreeRegionProcesses cluster, RegionProcessHandle not)
            throws InterruptedException {
        RegionProcessHandle[] found = new RegionProcessHandle[1];
        boolean led = ThreeRegionProcesses.waitFor(TAKEOVER_TIMEOUT, () -> cluster.leader()
                .filter(l -> l != not).map(l -> found[0] = l).isPresent());
        if (!led) {
            throw new IllegalStateException("no coordinator of " + ThreeRegionProcesses.REGIONS.get(0) + " led within "
                    + TAKEOVER_TIMEOUT.toSeconds() + " s");
        }
        return found[0];
    }

    /** Waits until {@code process} serves as a waiting standby. */
    static void awaitStandby(RegionProcessHandle process, String what) throws InterruptedException {
        if (!ThreeRegionProcesses.waitFor(TAKEOVER_TIMEOUT, process::standby)) {
            throw new IllegalStateException(what + " did not wait as a standby within " + TAKEOVER_TIMEOUT.toSeconds()
                    + " s");
        }
    }
}
