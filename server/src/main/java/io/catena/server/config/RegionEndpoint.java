package io.catena.server.config;

import java.util.ArrayList;
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
 * @param standbys further coordinator processes, which wait to take over from the leading one
 *                (see {@link StandbyEndpoint}); default: none. Not part of the fingerprint either
 * @param epochOffsetMicros how far the region's epochs run ahead of the cluster clock on purpose
 *                ({@link io.catena.core.config.keys.ProtocolKeys#EPOCH_OFFSET}); default 0. Unlike the
 *                rest of the entry it is the cluster's setting: every region's file must give every
 *                region the same one, and the fingerprint digests it
 */
public record RegionEndpoint(String name, HostPort address, Optional<HostPort> metrics,
                             List<ChainServerEndpoint> chainServers, List<StandbyEndpoint> standbys,
                             long epochOffsetMicros) {

    public RegionEndpoint {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(address, "address");
        Objects.requireNonNull(metrics, "metrics");
        chainServers = List.copyOf(chainServers);
        standbys = List.copyOf(standbys);
        if (epochOffsetMicros < 0) {
            throw new IllegalArgumentException("region " + name + "'s epoch offset must not be negative, not "
                    + epochOffsetMicros + "us");
        }
    }

    /** A region whose epochs run with the cluster clock. */
    public RegionEndpoint(String name, HostPort address, Optional<HostPort> metrics,
                          List<ChainServerEndpoint> chainServers, List<StandbyEndpoint> standbys) {
        this(name, address, metrics, chainServers, standbys, 0);
    }

    /** A region without standby coordinators. */
    public RegionEndpoint(String name, HostPort address, Optional<HostPort> metrics,
                          List<ChainServerEndpoint> chainServers) {
        this(name, address, metrics, chainServers, List.of());
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

    /** The same region with its epochs {@code micros} ahead of the cluster clock. */
    public RegionEndpoint withEpochOffsetMicros(long micros) {
        return new RegionEndpoint(name, address, metrics, chainServers, standbys, micros);
    }

    /** The same region with these chain-server processes. */
    public RegionEndpoint withChainServers(List<ChainServerEndpoint> servers) {
        return new RegionEndpoint(name, address, metrics, servers, standbys, epochOffsetMicros);
    }

    /** Where each of its coordinator processes listens: the region's address, then its standbys'. */
    public List<HostPort> coordinators() {
        List<HostPort> all = new ArrayList<>();
        all.add(address);
        standbys.forEach(s -> all.add(s.address()));
        return all;
    }

    /** Where coordinator process {@code index} serves metrics, if it does: 0 is the region's own. */
    public Optional<HostPort> coordinatorMetrics(int index) {
        return index == 0 ? metrics : standbys.get(index - 1).metrics();
    }

    /** Whether its coordinator has standbys. */
    public boolean hasStandbys() {
        return !standbys.isEmpty();
    }

    /** Whether its chain servers run in processes of their own rather than in the coordinator's. */
    public boolean split() {
        return !chainServers.isEmpty();
    }
}
