package io.catena.server.config;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One region of the cluster as every process sees it ({@code regions:} in the file).
 *
 * @param name    the region's name, unique in the cluster (letters, digits, {@code . _ -})
 * @param address where peer regions and clients connect to it; one port serves both, a
 *                handshake tells them apart
 * @param metrics where it serves Prometheus {@code /metrics} and {@code /health}; default: none,
 *                no metrics endpoint
 * @param chainServers the processes its chain servers run in, chain server 0 first; default: none
 *                listed, every chain server runs in the process at {@code address} (the
 *                coordinator's). Per process, like addresses: not part of the cluster fingerprint
 */
public record RegionEndpoint(String name, HostPort address, Optional<HostPort> metrics,
                             List<ChainServerEndpoint> chainServers) {

    public RegionEndpoint {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(address, "address");
        Objects.requireNonNull(metrics, "metrics");
        chainServers = List.copyOf(chainServers);
    }

    /** A region whose nodes all run in one process. */
    public RegionEndpoint(String name, HostPort address, Optional<HostPort> metrics) {
        this(name, address, metrics, List.of());
    }

    /** A region without a metrics endpoint. */
    public static RegionEndpoint of(String name, HostPort address) {
        return new RegionEndpoint(name, address, Optional.empty());
    }

    /** A region with a metrics endpoint. */
    public static RegionEndpoint of(String name, HostPort address, HostPort metrics) {
        return new RegionEndpoint(name, address, Optional.of(metrics));
    }

    /** Whether its chain servers run in processes of their own rather than in the coordinator's. */
    public boolean split() {
        return !chainServers.isEmpty();
    }
}
