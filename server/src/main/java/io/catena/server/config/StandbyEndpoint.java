package io.catena.server.config;

import java.util.Objects;
import java.util.Optional;

/**
 * A further coordinator process of a region ({@code regions[].standbys[]} in the file): it waits,
 * elected by the region's ZooKeeper ({@link ZooKeeperSettings}), and takes over when the leading
 * one fails. Any of the region's coordinator processes may lead; the first elected does.
 *
 * @param address where it listens for peer regions, clients and its region's chain-server
 *                processes, as the region's {@code address} does for the first
 * @param metrics where it serves Prometheus {@code /metrics} and {@code /health}; default: none
 */
public record StandbyEndpoint(HostPort address, Optional<HostPort> metrics) {

    public StandbyEndpoint {
        Objects.requireNonNull(address, "address");
        Objects.requireNonNull(metrics, "metrics");
    }

    public static StandbyEndpoint at(HostPort address) {
        return new StandbyEndpoint(address, Optional.empty());
    }
}
