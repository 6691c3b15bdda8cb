package io.catena.server.config;

import io.catena.core.config.ClusterConfig;
import io.catena.core.id.RegionId;
import io.catena.core.wan.LatencyMatrix;
import io.catena.wire.TlsSettings;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The validated configuration of one region process ({@code catena region}): the cluster it
 * belongs to, which region it runs, and how. Obtain one from {@link ConfigFile#load} or
 * {@link #builder()}; both run the same validation, which reports every problem at once in a
 * {@link ConfigException}.
 *
 * <p>The cluster-wide part — {@code cluster}, the region names in order with their epoch offsets,
 * and {@code protocol} — must be the same in every region's process; {@link #fingerprint()}
 * digests it for comparison at handshake. The rest is per process.
 *
 * @param cluster  the cluster's name; nodes refuse peers of another cluster (required)
 * @param region   the region this process runs, one of {@code regions} (required; the command
 *                 line may override the file)
 * @param regions  every region, in a fixed order shared by all processes; the order gives the
 *                 protocol's region indexes (required, at least one)
 * @param protocol the protocol's cluster-wide settings (defaults: {@link ProtocolSettings#defaults()})
 * @param storage  where this region keeps its data (default: memory, no journal)
 * @param wan      WAN emulation on outbound links (default: none)
 * @param tls      TLS for the region port (default: none, plain TCP)
 * @param network  listening interface and limits (defaults: {@link NetworkSettings#defaults()})
 * @param chainServer what this process's chain servers may hold in memory (defaults:
 *                 {@link ChainServerSettings#defaults()})
 * @param genesis  when the cluster's epoch 1 begins, the same in every region; a region process
 *                 needs it, an in-process cluster takes its own start (default: none)
 * @param zookeeper this region's ZooKeeper ensemble, where its coordinator processes elect a
 *                 leader; required when the region lists standbys (default: none)
 */
public record ServerConfig(String cluster, String region, List<RegionEndpoint> regions, ProtocolSettings protocol,
                           StorageSettings storage, WanSettings wan, Optional<TlsSettings> tls,
                           NetworkSettings network, ChainServerSettings chainServer, Optional<Instant> genesis,
                           Optional<ZooKeeperSettings> zookeeper) {

    public ServerConfig {
        Objects.requireNonNull(cluster, "cluster");
        Objects.requireNonNull(region, "region");
        regions = List.copyOf(regions);
        Objects.requireNonNull(protocol, "protocol");
        Objects.requireNonNull(storage, "storage");
        Objects.requireNonNull(wan, "wan");
        Objects.requireNonNull(tls, "tls");
        Objects.requireNonNull(network, "network");
        Objects.requireNonNull(chainServer, "chainServer");
        Objects.requireNonNull(genesis, "genesis");
        Objects.requireNonNull(zookeeper, "zookeeper");
        String selected = region;
        if (regions.stream().noneMatch(r -> r.name().equals(selected))) {
            throw new IllegalArgumentException("region '" + region + "' is not among the regions; build a "
                    + "ServerConfig with ServerConfig.builder() or ConfigFile.load to have it validated");
        }
    }

    /** A builder for a configuration made in code, such as the in-process demo's. */
    public static Builder builder() {
        return new Builder();
    }

    /** A builder holding this configuration, to derive another from it. */
    public Builder toBuilder() {
        Builder builder = new Builder().cluster(cluster).region(region).protocol(protocol).storage(storage)
                .wan(wan).network(network).chainServer(chainServer);
        regions.forEach(builder::addRegion);
        tls.ifPresent(builder::tls);
        genesis.ifPresent(builder::genesis);
        zookeeper.ifPresent(builder::zookeeper);
        return builder;
    }

    /** The same cluster run by another of its regions, validated again. */
    public ServerConfig withRegion(String otherRegion) {
        return toBuilder().source("ServerConfig.withRegion").region(otherRegion).build();
    }

    /** The region names in order. */
    public List<String> regionNames() {
        return regions.stream().map(RegionEndpoint::name).toList();
    }

    /** The protocol's id of the region this process runs: its index in {@code regions}. */
    public RegionId regionId() {
        return RegionId.of(regionNames().indexOf(region));
    }

    /** The region this process runs. */
    public RegionEndpoint self() {
        return regions.get(regionId().index());
    }

    /** Whether this process's region runs its chain servers in processes of their own. */
    public boolean split() {
        return self().split();
    }

    /** The other regions, in order. */
    public List<RegionEndpoint> peers() {
        return regions.stream().filter(r -> !r.name().equals(region)).toList();
    }

    /** Where this process listens for peers and clients. */
    public HostPort listenAddress() {
        return listenAddress(0);
    }

    /** Where coordinator process {@code index} of this region listens: 0 at the region's address, then its standbys. */
    public HostPort listenAddress(int index) {
        HostPort advertised = self().coordinators().get(index);
        return network.listenHost().map(advertised::withHost).orElse(advertised);
    }

    /** Where this process serves metrics, if it does. */
    public Optional<HostPort> metricsListenAddress() {
        return metricsListenAddress(0);
    }

    /** Where coordinator process {@code index} serves metrics, if it does. */
    public Optional<HostPort> metricsListenAddress(int index) {
        return self().coordinatorMetrics(index).map(m -> network.listenHost().map(m::withHost).orElse(m));
    }

    /** The protocol's configuration of the cluster, the regions' epoch offsets included. */
    public ClusterConfig toClusterConfig() {
        return protocol.toCoreBuilder(regionNames()).epochOffsetsMicros(epochOffsetsMicros()).build();
    }

    /** How far each region's epochs run ahead of the cluster clock, in region order. */
    public List<Long> epochOffsetsMicros() {
        return regions.stream().map(RegionEndpoint::epochOffsetMicros).toList();
    }

    /** The digest of the cluster-wide settings, equal in every region of a well-configured cluster. */
    public ClusterFingerprint fingerprint() {
        return ClusterFingerprint.of(cluster, toClusterConfig(), protocol.algorithm());
    }

    /** The emulated round trips as the simulator's matrix, if WAN emulation is on. */
    public Optional<LatencyMatrix> latencyMatrix() {
        return wan.toLatencyMatrix(regionNames());
    }

    /** This configuration as a complete YAML file, defaults included; {@link ConfigFile} reads it back. */
    public String toYaml() {
        return ConfigYamlWriter.write(this);
    }

    /**
     * Collects a configuration in code and validates it as a file would be. Setters accept what
     * they are given; {@link #build()} reports every problem.
     */
    public static final class Builder {

        /** A region as given, before validation; a null field is missing, an epoch offset left out 0. */
        record RegionEntry(String name, HostPort address, HostPort metrics, List<ChainServerEntry> chainServers,
                           List<StandbyEntry> standbys, long epochOffsetMicros) {
        }

        /** A standby coordinator process as given, before validation; a null field is missing or absent. */
        record StandbyEntry(HostPort address, HostPort metrics) {
        }

        /** A chain-server process as given, before validation; a null field is missing or absent. */
        record ChainServerEntry(HostPort address, HostPort metrics, HostPort beside) {
        }

        String source = "configuration built in code";
        String cluster;
        String region;
        final List<RegionEntry> regions = new ArrayList<>();
        ProtocolSettings protocol = ProtocolSettings.defaults();
        StorageSettings storage = StorageSettings.defaults();
        WanSettings wan = WanSettings.none();
        boolean tls;
        Path certificate;
        Path privateKey;
        Path trustedCa;
        NetworkSettings network = NetworkSettings.defaults();
        ChainServerSettings chainServer = ChainServerSettings.defaults();
        Instant genesis;
        ZooKeeperSettings zookeeper;

        private Builder() {
        }

        /** How problems name where the configuration came from (default "configuration built in code"). */
        public Builder source(String label) {
            this.source = Objects.requireNonNull(label, "label");
            return this;
        }

        public Builder cluster(String name) {
            this.cluster = name;
            return this;
        }

        /** Selects the region this process runs. */
        public Builder region(String name) {
            this.region = name;
            return this;
        }

        /** Appends a region without a metrics endpoint; the order of calls is the region order. */
        public Builder addRegion(String name, HostPort address) {
            return addRegion(name, address, null);
        }

        /** Appends a region; {@code metrics} may be null for none. */
        public Builder addRegion(String name, HostPort address, HostPort metrics) {
            return addRegion(name, address, metrics, List.of());
        }

        /** Appends a region whose chain servers run in processes of their own, listed in index order. */
        public Builder addRegion(String name, HostPort address, HostPort metrics, List<ChainServerEndpoint> servers) {
            return addRegion(name, address, metrics, servers, List.of());
        }

        /** Appends a region with standby coordinators, which need {@link #zookeeper} in the region that runs them. */
        public Builder addRegion(String name, HostPort address, HostPort metrics, List<ChainServerEndpoint> servers,
                                 List<StandbyEndpoint> standbys) {
            regions.add(new RegionEntry(name, address, metrics, servers.stream().map(c -> new ChainServerEntry(
                    c.address(), c.metrics().orElse(null), c.beside().orElse(null))).toList(),
                    standbys.stream().map(s -> new StandbyEntry(s.address(), s.metrics().orElse(null))).toList(), 0));
            return this;
        }

        /** Appends a region as the file gave it; its process entries may lack an address. */
        Builder addRegionEntry(String name, HostPort address, HostPort metrics, List<ChainServerEntry> servers,
                               List<StandbyEntry> standbys, long epochOffsetMicros) {
            regions.add(new RegionEntry(name, address, metrics, List.copyOf(servers), List.copyOf(standbys),
                    epochOffsetMicros));
            return this;
        }

        /** Appends a region, its epoch offset included. */
        public Builder addRegion(RegionEndpoint endpoint) {
            addRegion(endpoint.name(), endpoint.address(), endpoint.metrics().orElse(null),
                    endpoint.chainServers(), endpoint.standbys());
            RegionEntry added = regions.remove(regions.size() - 1);
            return addRegionEntry(added.name(), added.address(), added.metrics(), added.chainServers(),
                    added.standbys(), endpoint.epochOffsetMicros());
        }

        /**
         * Runs the epochs of the region named {@code name}, added before, {@code micros} ahead of the
         * cluster clock; every region's file must say the same.
         *
         * @throws IllegalArgumentException if no region of that name was added
         */
        public Builder epochOffsetMicros(String name, long micros) {
            for (int i = 0; i < regions.size(); i++) {
                RegionEntry r = regions.get(i);
                if (Objects.equals(r.name(), name)) {
                    regions.set(i, new RegionEntry(r.name(), r.address(), r.metrics(), r.chainServers(),
                            r.standbys(), micros));
                    return this;
                }
            }
            throw new IllegalArgumentException("no region " + name + " has been added to give an epoch offset");
        }

        /** The region's ZooKeeper ensemble; null for none. */
        public Builder zookeeper(ZooKeeperSettings settings) {
            this.zookeeper = settings;
            return this;
        }

        public Builder protocol(ProtocolSettings settings) {
            this.protocol = Objects.requireNonNull(settings, "settings");
            return this;
        }

        public Builder storage(StorageSettings settings) {
            this.storage = Objects.requireNonNull(settings, "settings");
            return this;
        }

        public Builder wan(WanSettings settings) {
            this.wan = Objects.requireNonNull(settings, "settings");
            return this;
        }

        /** Turns TLS on with these files. */
        public Builder tls(TlsSettings settings) {
            return tlsFiles(settings.certificateChain(), settings.privateKey(), settings.trustedCertificates());
        }

        /** Turns TLS off (the default). */
        public Builder noTls() {
            this.tls = false;
            return this;
        }

        /** Turns TLS on; a null file is reported as missing. */
        Builder tlsFiles(Path certificateFile, Path privateKeyFile, Path trustedCaFile) {
            this.tls = true;
            this.certificate = certificateFile;
            this.privateKey = privateKeyFile;
            this.trustedCa = trustedCaFile;
            return this;
        }

        /** When the cluster's epoch 1 begins; null for none. */
        public Builder genesis(Instant instant) {
            this.genesis = instant;
            return this;
        }

        public Builder network(NetworkSettings settings) {
            this.network = Objects.requireNonNull(settings, "settings");
            return this;
        }

        public Builder chainServer(ChainServerSettings settings) {
            this.chainServer = Objects.requireNonNull(settings, "settings");
            return this;
        }

        /**
         * The validated configuration.
         *
         * @throws ConfigException listing every problem
         */
        public ServerConfig build() {
            return ConfigValidator.validate(this, new ConfigProblems(source), false);
        }
    }
}
