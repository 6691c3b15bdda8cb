package io.catena.server.cluster;

import io.catena.core.config.ClusterConfig;
import io.catena.core.id.NodeId;
import io.catena.core.protocol.ProtocolPlugin;
import io.catena.server.host.NodeRunner;
import io.catena.server.region.RegionRuntime;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Waits, after clients have stopped, until every region has scheduled every epoch that could
 * hold a transaction and has nothing in flight, so the regions' stores can be compared: what
 * quiescent means is the protocol's ({@link ProtocolPlugin#quiescent}). Reads each region's entry
 * node on its own thread.
 */
public final class Quiescence {

    private Quiescence() {
    }

    /** True once quiet, false if {@code timeout} passed first. */
    public static boolean await(List<RegionRuntime> regions, Duration timeout) throws InterruptedException {
        return awaitOrExplain(regions, timeout) == null;
    }

    /**
     * Null once quiet; if {@code timeout} passes first, what each unsettled region still waits
     * for, one line per region.
     */
    public static String awaitOrExplain(List<RegionRuntime> regions, Duration timeout) throws InterruptedException {
        long stopMicros = protocolStopMicros(regions.get(0));
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (quiet(regions, stopMicros)) {
                return null;
            }
            Thread.sleep(20);
        }
        return explain(regions, stopMicros);
    }

    /**
     * The protocol time by which every region's clients had stopped: the cluster clock now, plus
     * the largest epoch offset, since a region whose epochs run ahead on purpose took its last
     * transactions into epochs that much later, and every region must schedule those too.
     */
    private static long protocolStopMicros(RegionRuntime any) {
        ClusterConfig config = any.settings().protocol();
        long latest = config.epochOffsetsMicros().stream().mapToLong(Long::longValue).max().orElse(0);
        return any.settings().cluster().clusterClock().nowMicros() + latest;
    }

    private static String explain(List<RegionRuntime> regions, long stopMicros) throws InterruptedException {
        StringBuilder s = new StringBuilder();
        for (RegionRuntime r : regions) {
            NodeRunner runner = r.router().node(NodeId.coordinator(r.settings().region()));
            String state;
            try {
                ProtocolPlugin plugin = r.plugin();
                state = runner.inspect(n -> plugin.describe(n, stopMicros)).get(5, TimeUnit.SECONDS);
            } catch (ExecutionException e) {
                state = "its coordinator failed to describe itself: " + e.getCause();
            } catch (TimeoutException e) {
                state = "its coordinator did not answer within 5 s (busy or stuck)";
            }
            s.append(s.length() == 0 ? "" : "\n").append(r.settings().regionName()).append(": ").append(state);
        }
        return s.toString();
    }

    private static boolean quiet(List<RegionRuntime> regions, long stopMicros) throws InterruptedException {
        for (RegionRuntime r : regions) {
            NodeRunner runner = r.router().node(NodeId.coordinator(r.settings().region()));
            try {
                ProtocolPlugin plugin = r.plugin();
                boolean quiet = runner.inspect(n -> plugin.quiescent(n, stopMicros)).get(1, TimeUnit.SECONDS);
                if (!quiet) {
                    return false;
                }
            } catch (ExecutionException | TimeoutException e) {
                return false;
            }
        }
        return true;
    }
}
