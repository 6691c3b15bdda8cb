package io.catena.server.config;

import java.util.Objects;
import java.util.Optional;

/**
 * A chain server that runs in a process of its own ({@code regions[].chainServers[]} in the file),
 * in its region's order: the first entry is chain server 0.
 *
 * @param address where its process listens for the other processes of its region (never for
 *                clients or peer regions, which call the region's {@code address})
 * @param metrics where its process serves Prometheus {@code /metrics} and {@code /health}; default:
 *                none
 * @param beside  the storage node it runs beside, {@code host:port} as the store names it; default:
 *                none. Read for placing chain servers beside their storage nodes
 */
public record ChainServerEndpoint(HostPort address, Optional<HostPort> metrics, Optional<HostPort> beside) {

    public ChainServerEndpoint {
        Objects.requireNonNull(address, "address");
        Objects.requireNonNull(metrics, "metrics");
        Objects.requireNonNull(beside, "beside");
    }

    /** A chain-server process with neither metrics nor a storage node named. */
    public static ChainServerEndpoint at(HostPort address) {
        return new ChainServerEndpoint(address, Optional.empty(), Optional.empty());
    }
}
