package io.catena.server.cluster;

import io.catena.coordinator.Coordinator;
import io.catena.core.id.NodeId;
import io.catena.server.host.NodeRunner;
import io.catena.server.region.RegionRuntime;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Waits, after clients have stopped, until every region has scheduled every epoch that could
 * hold a transaction and has nothing in flight, so the regions' stores can be compared. Reads
 * each coordinator on its own thread.
 */
public final class Quiescence {

    private Quiescence() {
    }

    /** True once quiet, false if {@code timeout} passed first. */
    public static boolean await(List<RegionRuntime> regions, Duration timeout) throws InterruptedException {
        long stopMicros = regions.get(0).settings().protocolClock().nowMicros();
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (quiet(regions, stopMicros)) {
                return true;
            }
            Thread.sleep(20);
        }
        return false;
    }

    private static boolean quiet(List<RegionRuntime> regions, long stopMicros) throws InterruptedException {
        for (RegionRuntime r : regions) {
            NodeRunner runner = r.router().node(NodeId.coordinator(r.settings().region()));
            try {
                boolean quiet = runner.inspect(n -> {
                    Coordinator c = (Coordinator) n;
                    long lastEpoch = c.context().epochAt(stopMicros);
                    return !c.recovering() && c.nextToSchedule() > lastEpoch && c.transactionsInFlight() == 0;
                }).get(1, TimeUnit.SECONDS);
                if (!quiet) {
                    return false;
                }
            } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
                return false;
            }
        }
        return true;
    }
}
