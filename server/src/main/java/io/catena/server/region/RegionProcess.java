package io.catena.server.region;

import io.catena.core.config.ClusterConfig;
import io.catena.core.data.ChainKey;
import io.catena.core.data.RowWrite;
import io.catena.core.procedure.ProcedureRegistry;
import io.catena.core.spi.StorageEngine;
import io.catena.server.config.ChainServerEndpoint;
import io.catena.server.config.HostPort;
import io.catena.server.config.RegionEndpoint;
import io.catena.server.config.ServerConfig;
import io.catena.server.metrics.MetricsEndpoint;
import io.catena.server.net.ChannelSetup;
import io.catena.server.net.WanEmulation;
import io.catena.server.storage.StoreOpenException;
import io.catena.server.storage.StoreOpener;
import io.catena.wire.ProcessRole;
import io.catena.wire.TlsSetupException;
import io.catena.wire.WireCodecs;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * One region of a multi-process cluster, assembled from its configuration file: its store (the
 * embedded one, journaled if the file says so, or its Cassandra or HBase cluster), the region's
 * nodes and listening port, links to the other regions (through the emulated WAN if configured),
 * and the metrics endpoint. When the file places the region's chain servers in processes of their
 * own, it is one of those processes, or the coordinator's, as its {@link ProcessRole} says
 * ({@link RoleSettings}).
 */
public final class RegionProcess implements AutoCloseable {

    /**
     * How long after genesis a region with an empty log may still join a new cluster. A late
     * region closes every epoch since genesis at once; beyond this it would flood its peers.
     */
    public static final Duration MAX_JOIN_DELAY = Duration.ofMinutes(10);

    private final ServerConfig config;
    private final StorageEngine store;
    private final RegionRuntime runtime;
    private final MetricsEndpoint metrics;
    private final ZooKeeperMembers members;
    private RegionFileWatch fileWatch;

    private RegionProcess(ServerConfig config, StorageEngine store, RegionRuntime runtime,
                          MetricsEndpoint metrics, ZooKeeperMembers members) {
        this.config = config;
        this.store = store;
        this.runtime = runtime;
        this.metrics = metrics;
        this.members = members;
    }

    /**
     * Opens the store, starts the nodes, listens, and starts connecting to the other regions.
     *
     * @param initialRows rows to load into a new region's store before it starts (see
     *                    {@link InitialRows}); ignored when the store already holds a log
     */
    public static RegionProcess start(ServerConfig config, ProcedureRegistry procedures,
                                      Map<ChainKey, List<RowWrite>> initialRows) throws RegionStartException {
        return start(config, ProcessRole.COORDINATOR, procedures, initialRows);
    }

    /**
     * As {@link #start(ServerConfig, ProcedureRegistry, Map)}, as the region's process of {@code role}.
     *
     * @throws RegionStartException also if the file places no process of that role in the region
     */
    public static RegionProcess start(ServerConfig config, ProcessRole role, ProcedureRegistry procedures,
                                      Map<ChainKey, List<RowWrite>> initialRows) throws RegionStartException {
        Instant genesis = genesis(config);
        RoleSettings part;
        try {
            part = new RoleSettings(config, role);
        } catch (IllegalArgumentException e) {
            throw new RegionStartException(e.getMessage(), e);
        }
        boolean newJournal = part.journalIsNew();
        StorageEngine store = openStore(part, config);
        RegionRuntime runtime = null;
        MetricsEndpoint metrics = null;
        ZooKeeperMembers members = null;
        try {
            boolean fresh = part.keepsLog() ? store.readLog().toCompletableFuture().join().isEmpty() : newJournal;
            if (part.keepsLog()) {
                checkJoinDelay(genesis, fresh);
            }
            InitialRows.load(store, part.initialRows(initialRows, fresh));
            members = config.zookeeper().map(zk -> ZooKeeperMembers.connect(zk, config.cluster(), config.region()))
                    .orElse(null);
            runtime = new RegionRuntime(settings(part, genesis), procedures, store, null, 0, members);
            runtime.start();
            if (members != null) {
                joinMembers(members, runtime, config, role);
            }
            Optional<HostPort> metricsAddress = part.metricsListenAddress();
            if (metricsAddress.isPresent()) {
                metrics = MetricsEndpoint.start(socket(metricsAddress.get()), runtime);
            }
            return new RegionProcess(config, store, runtime, metrics, members);
        } catch (RegionStartException | RuntimeException e) {
            if (runtime != null) {
                runtime.close();
            }
            if (members != null) {
                members.close();
            }
            store.close();
            throw e;
        }
    }

    /** Registers this process's chain server, if it runs one, and follows the region's registrations. */
    private static void joinMembers(ZooKeeperMembers members, RegionRuntime runtime, ServerConfig config,
                                    ProcessRole role) {
        if (!role.isCoordinator()) {
            ChainServerEndpoint self = config.self().chainServers().get(role.index());
            members.register(role.index(), self.address(), self.beside().map(HostPort::toString));
        }
        members.follow(runtime);
    }

    static Instant genesis(ServerConfig config) throws RegionStartException {
        return config.genesis().orElseThrow(() -> new RegionStartException("the configuration has no "
                + "genesis: add 'genesis: " + Instant.now().plusSeconds(60).truncatedTo(ChronoUnit.SECONDS)
                + "' (a minute from now) to every region's file, the same instant in all of them"));
    }

    static RegionSettings settings(RoleSettings part, Instant genesis) throws RegionStartException {
        ServerConfig config = part.config();
        ClusterConfig protocol = config.toClusterConfig();
        List<InetSocketAddress> addresses = new ArrayList<>();
        for (RegionEndpoint r : config.regions()) {
            addresses.add(r.name().equals(config.region()) ? socket(part.listenAddress()) : socket(r.address()));
        }
        WanEmulation wan = config.latencyMatrix()
                .map(m -> WanEmulation.of(m, protocol.regions(), config.wan().jitter().value(),
                        config.wan().loss().value()))
                .orElse(null);
        ClusterIdentity cluster = new ClusterIdentity(config.cluster(), protocol, config.protocol().algorithm(),
                micros(genesis));
        LinkSettings links = new LinkSettings(channels(config), wan, config.network().sendQueueFrames());
        List<List<InetSocketAddress>> standbys = config.regions().stream()
                .map(r -> r.standbys().stream().map(s -> socket(s.address())).toList()).toList();
        return new RegionSettings(cluster, config.regionId(), addresses, links,
                RegionSettings.DEFAULT_MAX_COORDINATOR_BACKLOG, RegionSettings.defaultNodeThreads(protocol), part.layout(),
                part.beside(), standbys, config.chainServer().budgetBytes());
    }

    static ChannelSetup channels(ServerConfig config) throws RegionStartException {
        int maxFrame = (int) config.network().maxFrameBytes().bytes();
        var codec = WireCodecs.byName(WireCodecs.DEFAULT);
        if (config.tls().isEmpty()) {
            return ChannelSetup.plain(codec, maxFrame);
        }
        var tls = config.tls().get();
        try {
            return ChannelSetup.tls(codec, maxFrame, tls);
        } catch (TlsSetupException e) {
            throw new RegionStartException("TLS cannot be set up: " + e.getMessage(), e);
        }
    }

    static StorageEngine openStore(RoleSettings part, ServerConfig config) throws RegionStartException {
        try {
            return StoreOpener.open(part.storage(), config.cluster(), config.region(), part.pinnedNode());
        } catch (StoreOpenException e) {
            throw new RegionStartException(e.getMessage(), e);
        }
    }

    private static void checkJoinDelay(Instant genesis, boolean fresh) throws RegionStartException {
        Duration late = Duration.between(genesis, Instant.now());
        if (fresh && late.compareTo(MAX_JOIN_DELAY) > 0) {
            throw new RegionStartException("genesis " + genesis + " was " + late.toMinutes() + " minutes ago and this "
                    + "region has no log yet: the regions of a new cluster must start within "
                    + MAX_JOIN_DELAY.toMinutes() + " minutes of genesis; set a genesis a minute ahead in every "
                    + "region's file (and start from empty journals)");
        }
    }

    private static InetSocketAddress socket(HostPort address) {
        return RoleSettings.socket(address);
    }

    private static long micros(Instant instant) {
        return Math.addExact(Math.multiplyExact(instant.getEpochSecond(), 1_000_000L), instant.getNano() / 1_000);
    }

    public ServerConfig config() {
        return config;
    }

    /**
     * From now on reads the file again every few seconds, so that chain-server processes appended
     * to a split region's list join it without a restart ({@link RegionFileWatch}).
     *
     * @param reread reads and validates the file as at the start; throws when it cannot
     * @param source the file, as log lines name it
     */
    public synchronized void watchFile(Supplier<ServerConfig> reread, String source) {
        if (fileWatch == null) {
            fileWatch = new RegionFileWatch(config, reread, runtime, source);
            fileWatch.start();
        }
    }

    public RegionRuntime runtime() {
        return runtime;
    }

    /** The metrics endpoint's address, if the region has one. */
    public Optional<InetSocketAddress> metricsAddress() {
        return Optional.ofNullable(metrics).map(MetricsEndpoint::address);
    }

    @Override
    public void close() {
        synchronized (this) {
            if (fileWatch != null) {
                fileWatch.close();
            }
        }
        if (metrics != null) {
            metrics.close();
        }
        runtime.close();
        if (members != null) {
            members.close();
        }
        store.close();
    }
}
