package io.catena.server.metrics;

import io.catena.server.net.PeerLink;
import io.catena.server.region.RegionRuntime;
import java.util.ArrayList;
import java.util.List;

/**
 * A region's health as {@code /health} reports it. UP: linked to every peer region. DEGRADED:
 * some peers unreachable (the region still serves reads, and in majority mode commits while a
 * majority is reachable). DOWN: no peer reachable in a multi-region cluster.
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
        Status status = missing.isEmpty() ? Status.UP : up.isEmpty() ? Status.DOWN : Status.DEGRADED;
        return new HealthReport(region.settings().regionName(), status, up, missing, region.failedSteps());
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
