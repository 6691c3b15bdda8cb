package io.catena.server.config;

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
 */
public record RegionEndpoint(String name, HostPort address, Optional<HostPort> metrics) {

    public RegionEndpoint {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(address, "address");
        Objects.requireNonNull(metrics, "metrics");
    }

    /** A region without a metrics endpoint. */
    public static RegionEndpoint of(String name, HostPort address) {
        return new RegionEndpoint(name, address, Optional.empty());
    }

    /** A region with a metrics endpoint. */
    public static RegionEndpoint of(String name, HostPort address, HostPort metrics) {
        return new RegionEndpoint(name, address, Optional.of(metrics));
    }
}
