package io.catena.server.cluster;

import io.catena.catenae.CatenaReadings;
import io.catena.core.config.ClusterConfig;
import io.catena.core.data.ChainKey;
import io.catena.core.data.RowWrite;
import io.catena.core.id.NodeId;
import io.catena.core.id.RegionId;
import io.catena.core.procedure.ProcedureRegistry;
import io.catena.core.protocol.Protocol;
import io.catena.core.spi.StorageEngine;
import io.catena.server.config.ChainServerSettings;
import io.catena.server.config.NetworkSettings;
import io.catena.server.host.MicrosClock;
import io.catena.server.host.NodeRunner;
import io.catena.server.net.ChannelSetup;
import io.catena.server.net.WanEmulation;
import io.catena.server.config.ZooKeeperSettings;
import io.catena.server.region.ClusterIdentity;
import io.catena.server.region.CoordinatorCandidate;
import io.catena.server.region.InitialRows;
import io.catena.server.region.LinkSettings;
import io.catena.server.region.RegionRuntime;
import io.catena.server.region.RegionSettings;
import io.catena.server.region.RegionStartException;
import io.catena.wire.WireCodecs;
import io.catena.wire.WireProtocol;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.nio.NioEventLoopGroup;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Collectors;

/**
 * A whole cluster in one process: every region a {@link RegionRuntime} on its own loopback port
 * over its own store (embedded by default, see {@link RegionStores}), talking to the others over
 * real TCP through the emulated WAN. It is what {@code catena demo} runs and what the end-to-end
 * tests start.
 */
public final class InProcessCluster implements AutoCloseable {

    /** How long a read on a coordinator's thread may wait behind its queue before the run gives up. */
    static final int INSPECT_TIMEOUT_SECONDS = 30;

    private final Spec spec;
    private final EventLoopGroup group;
    private final List<RegionRuntime> regions = new ArrayList<>();
    private final List<StorageEngine> stores = new ArrayList<>();
    /** The region whose coordinator has a standby, if one does; its entry in {@link #regions} is unused. */
    private final Standby standby;
    private final List<CoordinatorCandidate> candidates = new ArrayList<>();
    private final List<InetSocketAddress> candidateAddresses = new ArrayList<>();

    /**
     * A region whose coordinator runs as two candidates sharing its store, elected through the
     * ZooKeeper ensemble {@code zookeeper}, so that a run can crash the leader and watch the
     * standby take over.
     */
    public record Standby(RegionId region, ZooKeeperSettings zookeeper) {
    }

    /**
     * What to run.
     *
     * @param cluster    the cluster name
     * @param protocol   the protocol settings (region names come from here)
     * @param procedures the procedures every region registers
     * @param channels   framing, codec and TLS of every connection
     * @param wan        the emulated WAN between regions, or null for plain loopback
     * @param stores     opens each region's store
     * @param algorithm  what the regions run: Catena, a comparison baseline or Helios
     * @param chainServerMemory the bytes each region's chain servers keep in memory together, or 0
     *                   for the default: their region's share of 40 % of the heap
     */
    public record Spec(String cluster, ClusterConfig protocol, ProcedureRegistry procedures, ChannelSetup channels,
                       WanEmulation wan, RegionStores stores, Protocol algorithm, long chainServerMemory) {

        /** Catena, every region on an embedded store in memory. */
        public Spec(String cluster, ClusterConfig protocol, ProcedureRegistry procedures, ChannelSetup channels,
                    WanEmulation wan) {
            this(cluster, protocol, procedures, channels, wan, RegionStores.memory(), Protocol.CATENA, 0);
        }

        /**
         * Catena on embedded stores, {@code procedures} in every region, the default wire codec
         * without TLS, and {@code wan} delaying what regions send each other (null: plain loopback).
         */
        public static Spec loopback(String cluster, ClusterConfig protocol, ProcedureRegistry procedures,
                                    WanEmulation wan) {
            return new Spec(cluster, protocol, procedures,
                    ChannelSetup.plain(WireCodecs.byName(WireCodecs.DEFAULT), WireProtocol.DEFAULT_MAX_FRAME_BYTES), wan);
        }

        /** The same cluster on other stores. */
        public Spec withStores(RegionStores other) {
            return new Spec(cluster, protocol, procedures, channels, wan, other, algorithm, chainServerMemory);
        }

        /** The same cluster running another protocol. */
        public Spec withAlgorithm(Protocol other) {
            return new Spec(cluster, protocol, procedures, channels, wan, stores, other, chainServerMemory);
        }

        /** The same cluster with each region's chain servers keeping {@code bytes} in memory together. */
        public Spec withChainServerMemory(long bytes) {
            return new Spec(cluster, protocol, procedures, channels, wan, stores, algorithm, bytes);
        }
    }

    private InProcessCluster(Spec spec, Standby standby) {
        this.spec = spec;
        this.standby = standby;
        this.group = new NioEventLoopGroup(Math.min(2, Runtime.getRuntime().availableProcessors()));
    }

    /**
     * Starts every region with {@code initialData} loaded into its store (the same rows in every
     * region, below every epoch's versions), and connects the regions to each other.
     */
    public static InProcessCluster start(Spec spec, Map<ChainKey, List<RowWrite>> initialData) {
        return start(spec, initialData, () -> { });
    }

    /**
     * As {@link #start(Spec, Map)}, telling {@code progress} of each partition stored while the
     * regions load their initial rows (in parallel).
     */
    public static InProcessCluster start(Spec spec, Map<ChainKey, List<RowWrite>> initialData,
                                         InitialRows.Progress progress) {
        return start(spec, initialData, progress, null);
    }

    /** As {@link #start(Spec, Map, InitialRows.Progress)}, with {@code standby}'s region led by one of two candidates. */
    public static InProcessCluster start(Spec spec, Map<ChainKey, List<RowWrite>> initialData,
                                         InitialRows.Progress progress, Standby standby) {
        InProcessCluster c = new InProcessCluster(spec, standby);
        try {
            c.startRegions(initialData, progress);
        } catch (RuntimeException e) {
            c.close();
            throw e;
        }
        return c;
    }

    private void startRegions(Map<ChainKey, List<RowWrite>> initialData, InitialRows.Progress progress) {
        ClusterConfig config = spec.protocol();
        List<InetSocketAddress> anyPort = Collections.nCopies(config.regionCount(),
                new InetSocketAddress("127.0.0.1", 0));
        // Every store is opened and loaded before the clock starts: on a remote store that takes
        // seconds, and a region that starts late has to close every epoch since genesis at once.
        for (RegionId r : config.regionIds()) {
            stores.add(spec.stores().open(r, config.regionName(r)));
        }
        loadAll(initialData, progress);
        long genesis = MicrosClock.system().nowMicros();
        // The regions share this machine's cores, but each gets at least two threads: a region's
        // work comes in epoch-aligned bursts, and a second thread lets its coordinator and chain
        // servers run side by side while the other regions are idle (on 2 cores, 3 regions: 3 ms
        // lower p50 and 4 % more throughput than one thread each at 240 clients per region).
        int nodeThreads = Math.max(2, Runtime.getRuntime().availableProcessors() / config.regionCount());
        ClusterIdentity identity = new ClusterIdentity(spec.cluster(), config, spec.algorithm(), genesis);
        LinkSettings links = new LinkSettings(spec.channels(), spec.wan(), NetworkSettings.defaults().sendQueueFrames());
        List<List<InetSocketAddress>> standbys = standbyAddresses(config);
        for (RegionId r : config.regionIds()) {
            if (isStandbyRegion(r)) {
                regions.add(null);
                continue;
            }
            StorageEngine store = stores.get(r.index());
            RegionSettings settings = new RegionSettings(identity, r, anyPort, links,
                    RegionSettings.DEFAULT_MAX_COORDINATOR_BACKLOG, nodeThreads, null, null, standbys,
                    chainServerMemory(config));
            RegionRuntime runtime = new RegionRuntime(settings, spec.procedures(), store, group);
            regions.add(runtime);
            runtime.listen();
        }
        List<InetSocketAddress> bound = new ArrayList<>();
        for (RegionId r : config.regionIds()) {
            bound.add(isStandbyRegion(r) ? candidateAddresses.get(0) : regions.get(r.index()).address());
        }
        if (standby != null) {
            startCandidates(identity, links, nodeThreads, bound, standbys);
        }
        for (RegionId r : config.regionIds()) {
            if (!isStandbyRegion(r)) {
                regions.get(r.index()).connect(bound);
            }
        }
    }

    /** For each region, its standbys' addresses: free loopback ports picked now, for the standby region's second candidate. */
    private List<List<InetSocketAddress>> standbyAddresses(ClusterConfig config) {
        List<List<InetSocketAddress>> standbys = new ArrayList<>();
        for (RegionId r : config.regionIds()) {
            standbys.add(List.of());
        }
        if (standby != null) {
            candidateAddresses.addAll(FreePorts.loopback(2));
            standbys.set(standby.region().index(), List.of(candidateAddresses.get(1)));
        }
        return standbys;
    }

    private void startCandidates(ClusterIdentity identity, LinkSettings links, int nodeThreads,
                                 List<InetSocketAddress> bound, List<List<InetSocketAddress>> standbys) {
        RegionId r = standby.region();
        for (InetSocketAddress own : candidateAddresses) {
            List<InetSocketAddress> addresses = new ArrayList<>(bound);
            addresses.set(r.index(), own);
            RegionSettings settings = new RegionSettings(identity, r, addresses, links,
                    RegionSettings.DEFAULT_MAX_COORDINATOR_BACKLOG, nodeThreads, null, null, standbys,
                    chainServerMemory(identity.protocol()));
            try {
                candidates.add(CoordinatorCandidate.start(settings, standby.zookeeper(), spec.procedures(),
                        stores.get(r.index()), group));
            } catch (RegionStartException e) {
                throw new IllegalStateException(e.getMessage(), e);
            }
        }
    }

    /**
     * What a region's chain servers keep in memory together: as the spec says, else the region's
     * part of the default budget, since every region's chain servers share this heap.
     */
    private long chainServerMemory(ClusterConfig config) {
        return spec.chainServerMemory() > 0 ? spec.chainServerMemory()
                : ChainServerSettings.heapShare() / config.regionCount();
    }

    private boolean isStandbyRegion(RegionId r) {
        return standby != null && standby.region().equals(r);
    }

    /** Loads every region's store at once: on remote stores each load waits on its own server. */
    private void loadAll(Map<ChainKey, List<RowWrite>> initialData, InitialRows.Progress progress) {
        if (initialData.isEmpty()) {
            return;
        }
        ExecutorService loaders = Executors.newFixedThreadPool(stores.size());
        try {
            List<Future<?>> loads = new ArrayList<>();
            for (StorageEngine store : stores) {
                loads.add(loaders.submit(() -> InitialRows.load(store, initialData, progress)));
            }
            for (Future<?> load : loads) {
                load.get();
            }
        } catch (ExecutionException e) {
            throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while loading the initial rows", e);
        } finally {
            loaders.shutdownNow();
        }
    }

    /** Waits until every region has a link to every other (the standby region: a leader too); false on timeout. */
    public boolean awaitConnected(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (spec.protocol().regionIds().stream().allMatch(r -> current(r).map(RegionRuntime::connectedToAllPeers)
                    .orElse(false))) {
                return true;
            }
            Thread.sleep(10);
        }
        return false;
    }

    /**
     * The regions' runtimes, in order; the standby region's is its leader's.
     *
     * @throws IllegalStateException if the standby region has no leader at the moment
     */
    public List<RegionRuntime> regions() {
        return spec.protocol().regionIds().stream().map(this::region).toList();
    }

    /**
     * The region's runtime; the standby region's is its leader's.
     *
     * @throws IllegalStateException if the standby region has no leader at the moment
     */
    public RegionRuntime region(RegionId id) {
        return current(id).orElseThrow(() -> new IllegalStateException("region " + spec.protocol().regionName(id)
                + " has no coordinator leader at the moment"));
    }

    private Optional<RegionRuntime> current(RegionId id) {
        if (!isStandbyRegion(id)) {
            return Optional.of(regions.get(id.index()));
        }
        return leader().flatMap(CoordinatorCandidate::runtime);
    }

    /** The standby region's candidate that leads now, if one does. */
    public Optional<CoordinatorCandidate> leader() {
        return candidates.stream().filter(c -> c.term() > 0).findFirst();
    }

    /**
     * Crashes the standby region's leader as a {@code kill -9} of its process would
     * ({@link CoordinatorCandidate#crash}); the other candidate takes over once ZooKeeper has
     * expired the leader's session.
     *
     * @return the term that ended
     * @throws IllegalStateException if the cluster has no standby region, or it has no leader now
     */
    public long crashLeader() {
        CoordinatorCandidate leading = leader().orElseThrow(() -> new IllegalStateException(standby == null
                ? "this cluster's coordinators have no standbys" : "the standby region has no leader to crash"));
        long term = leading.term();
        leading.crash();
        return term;
    }

    public StorageEngine store(RegionId id) {
        return stores.get(id.index());
    }

    public Spec spec() {
        return spec;
    }

    /** The connection URL of one region, for the client library. */
    public String url(RegionId id) {
        List<InetSocketAddress> hosts = isStandbyRegion(id) ? candidateAddresses : List.of(region(id).address());
        return "catena://" + hosts.stream().map(a -> a.getHostString() + ":" + a.getPort())
                .collect(Collectors.joining(",")) + "/" + spec.cluster() + "?region=" + spec.protocol().regionName(id);
    }

    /**
     * Bytes of epoch messages all regions have sent each other so far, read on each coordinator's
     * thread: behind every message queued for it, which on a saturated store can take seconds, so
     * only a coordinator that has not got to it in {@value #INSPECT_TIMEOUT_SECONDS} s ends the run.
     */
    public long epochMessageBytes() throws InterruptedException {
        return coordinatorTotal(CatenaReadings.EPOCH_MESSAGE_BYTES);
    }

    /** Commit passes the regions' coordinators have sent again so far (see {@link #epochMessageBytes}). */
    public long commitPassRedrives() throws InterruptedException {
        return coordinatorTotal(CatenaReadings.COMMIT_PASS_REDRIVES);
    }

    /** Records the regions' coordinators closed without the transactions waiting for them (backpressure). */
    public long recordsHeldBack() throws InterruptedException {
        return coordinatorTotal(CatenaReadings.RECORDS_HELD_BACK);
    }

    /** A reading of Catena's summed over the regions' chain servers; zero under another protocol, which has none. */
    public long chainServerTotal(String reading) throws InterruptedException {
        long total = 0;
        for (RegionRuntime r : regions()) {
            for (NodeRunner runner : r.runners()) {
                if (runner.id().role() != NodeId.Role.CHAIN_SERVER) {
                    continue;
                }
                try {
                    total += runner.inspect(n -> r.plugin().read(n).get(reading))
                            .get(INSPECT_TIMEOUT_SECONDS, TimeUnit.SECONDS);
                } catch (ExecutionException | TimeoutException e) {
                    throw new IllegalStateException("the chain server " + runner.id() + " did not answer within "
                            + INSPECT_TIMEOUT_SECONDS + " s (busy or stuck)", e);
                }
            }
        }
        return total;
    }

    /** A reading of Catena's summed over the regions' coordinators; zero under another protocol, which keeps none. */
    private long coordinatorTotal(String reading) throws InterruptedException {
        long total = 0;
        for (RegionRuntime r : regions()) {
            try {
                total += r.router().node(NodeId.coordinator(r.settings().region()))
                        .inspect(n -> r.plugin().read(n).get(reading))
                        .get(INSPECT_TIMEOUT_SECONDS, TimeUnit.SECONDS);
            } catch (ExecutionException | TimeoutException e) {
                throw new IllegalStateException("the coordinator of " + r.settings().regionName()
                        + " did not answer within " + INSPECT_TIMEOUT_SECONDS + " s (busy or stuck)", e);
            }
        }
        return total;
    }

    /** Protocol steps that threw in any region; zero in a healthy cluster. */
    public long failedSteps() {
        return regions().stream().mapToLong(RegionRuntime::failedSteps).sum();
    }

    @Override
    public void close() {
        // Every region stops dialling before any stops listening: a peer going away is no news here.
        List<RegionRuntime> runtimes = regions.stream().filter(Objects::nonNull).toList();
        runtimes.forEach(RegionRuntime::disconnect);
        candidates.forEach(CoordinatorCandidate::close);
        runtimes.forEach(RegionRuntime::close);
        for (StorageEngine s : stores) {
            s.close();
        }
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }
}
