package io.catena.server.metrics;

import io.catena.server.net.PeerLink;
import io.catena.server.region.RegionRuntime;
import java.util.ArrayList;
import java.util.List;

/**
 * A region's health as {@code /health} reports it. UP: linked to every peer region (and, in a
 * region split over processes, to each of its other processes, named "REGION chain server N" or
 * "REGION the coordinator"), and no protocol step has failed. DEGRADED: some peers unreachable (the region still serves reads, and
 * in majority mode commits while a majority is reachable), or a protocol step threw (the node
 * went on, but that is a bug to look at in the log). DOWN: no peer reachable in a multi-region
 * cluster.
 */
public record HealthReport(String region, Status status, List<String> connectedPeers, List<String> missingPeers,
                           long failedSteps) {

    /** Overall state, ordered from best to worst. */
    public enum Status {
        UP,
        DEGRADED,
        DOWN
    }

    public static HealthReport of(RegionRuntime region) {
        List<String> up = new ArrayList<>();
        List<String> missing = new ArrayList<>();
        for (PeerLink link : region.links()) {
            String name = region.settings().protocol().regionName(link.peer());
            (link.connected() ? up : missing).add(name);
        }
        for (PeerLink link : region.memberLinks()) {
            (link.connected() ? up : missing).add(region.settings().regionName() + " " + link.role());
        }
        long failedSteps = region.failedSteps();
        return new HealthReport(region.settings().regionName(), statusOf(up.size(), missing.size(), failedSteps), up,
                missing, failedSteps);
    }

    /** The status of a region linked to {@code connected} peers and not to {@code missing} ones. */
    static Status statusOf(int connected, int missing, long failedSteps) {
        if (missing > 0 && connected == 0) {
            return Status.DOWN;
        }
        return missing > 0 || failedSteps > 0 ? Status.DEGRADED : Status.UP;
    }

    /** The report as a small JSON object. */
    public String toJson() {
        return "{\"region\":" + quote(region) + ",\"status\":\"" + status + "\",\"connectedPeers\":" + list(connectedPeers)
                + ",\"missingPeers\":" + list(missingPeers) + ",\"failedSteps\":" + failedSteps + "}";
    }

    private static String list(List<String> names) {
        return names.stream().map(HealthReport::quote).reduce((a, b) -> a + "," + b).map(s -> "[" + s + "]")
                .orElse("[]");
    }

    private static String quote(String s) {
        return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }
}
