package io.catena.server.region;

import io.catena.core.data.ChainKey;
import io.catena.core.data.RowWrite;
import io.catena.core.id.RegionId;
import io.catena.core.procedure.ProcedureRegistry;
import io.catena.core.spi.StorageEngine;
import io.catena.core.spi.StoreFencedException;
import io.catena.server.config.ServerConfig;
import io.catena.server.config.ZooKeeperSettings;
import io.catena.server.metrics.MetricsEndpoint;
import io.catena.server.metrics.StandbyHealthEndpoint;
import io.catena.server.net.ChannelSetup;
import io.catena.server.net.WaitingEndpoint;
import io.catena.server.storage.ObservedStorageEngine;
import io.catena.server.storage.StorageObserver;
import io.catena.server.zookeeper.CoordinatorElection;
import io.catena.server.zookeeper.ZooKeeperClients;
import io.catena.wire.ProcessRole;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.nio.NioEventLoopGroup;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.curator.framework.CuratorFramework;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One of the coordinator processes of a region with standbys (the paper's secondary coordinator):
 * it stands in the region's ZooKeeper election and, while it waits, refuses every caller with the
 * leader's address ({@link WaitingEndpoint}). Elected, it begins its leader term in the store
 * ({@link StorageEngine#claimTerm}) before anything else, so that nothing its predecessor still
 * writes can slip past the log it then reads back; it runs the region as a recovering coordinator
 * over the store fenced by that term. Deposed (its ZooKeeper connection suspended or its session
 * lost), it stops the region at once and waits again: a successor may already be taking over.
 *
 * <p>Threading: election events are handled one at a time on this candidate's own thread.
 */
public final class CoordinatorCandidate implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(CoordinatorCandidate.class);
    /** The election's znode, under the region's namespace. */
    static final String ELECTION_PATH = "/coordinators";

    private final RegionSettings settings;
    private final Optional<InetSocketAddress> metricsAt;
    private final ProcedureRegistry procedures;
    private final Map<ChainKey, List<RowWrite>> initialRows;
    private final StorageEngine store;
    private final boolean ownsStore;
    private final CuratorFramework zookeeper;
    private final CoordinatorElection election;
    private final ChannelSetup channels;
    /** The loops the region's connections share, or null for each runtime's own. */
    private final EventLoopGroup group;
    private final EventLoopGroup waitingLoop = new NioEventLoopGroup(1);
    private final ExecutorService turns = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "catena-leadership");
        t.setDaemon(true);
        return t;
    });
    private WaitingEndpoint waiting;
    private StandbyHealthEndpoint waitingHealth;
    private volatile RegionRuntime runtime;
    /** The region's members in ZooKeeper while this candidate leads. */
    private ZooKeeperMembers members;
    private MetricsEndpoint metrics;
    private volatile long term;
    private volatile boolean closed;

    private CoordinatorCandidate(RegionSettings settings, Optional<InetSocketAddress> metricsAt,
                                 ProcedureRegistry procedures, Map<ChainKey, List<RowWrite>> initialRows,
                                 StorageEngine store, boolean ownsStore, CuratorFramework zookeeper,
                                 EventLoopGroup group) {
        this.settings = settings;
        this.metricsAt = metricsAt;
        this.procedures = procedures;
        this.initialRows = initialRows;
        this.store = store;
        this.ownsStore = ownsStore;
        this.zookeeper = zookeeper;
        this.channels = settings.links().channels();
        this.group = group;
        this.election = new CoordinatorElection(zookeeper, ELECTION_PATH, name(), new CoordinatorElection.Listener() {
            @Override
            public void elected(long elected) {
                turns.execute(() -> lead(elected));
            }

            @Override
            public void deposed(long ended, String why) {
                turns.execute(() -> standBy(ended, why));
            }
        });
    }

    /**
     * Opens the region's store, binds its address as a waiting standby and stands in the election.
     *
     * @param index       which of the region's coordinator processes this is: 0 at the region's
     *                    address, then its standbys
     * @param initialRows rows a first leader loads into a new region's store
     */
    public static CoordinatorCandidate start(ServerConfig config, int index, ProcedureRegistry procedures,
                                             Map<ChainKey, List<RowWrite>> initialRows) throws RegionStartException {
        return start(config, index, procedures, initialRows, null);
    }

    /**
     * As above, over {@code sharedStore} rather than the store the file names, when not null: for
     * tests whose candidates share an embedded store in one JVM. The caller closes that store.
     */
    static CoordinatorCandidate start(ServerConfig config, int index, ProcedureRegistry procedures,
                                      Map<ChainKey, List<RowWrite>> initialRows, StorageEngine sharedStore)
            throws RegionStartException {
        ZooKeeperSettings zk = config.zookeeper().orElseThrow(() -> new RegionStartException("region "
                + config.region() + " lists standbys but its file has no zookeeper section; add zookeeper.servers"));
        RoleSettings part;
        try {
            part = new RoleSettings(config, ProcessRole.COORDINATOR, index);
        } catch (IllegalArgumentException e) {
            throw new RegionStartException(e.getMessage(), e);
        }
        RegionSettings settings = RegionProcess.settings(part, RegionProcess.genesis(config));
        StorageEngine store = sharedStore != null ? sharedStore : RegionProcess.openStore(part, config);
        Optional<InetSocketAddress> metricsAt = part.metricsListenAddress().map(RoleSettings::socket);
        return start(settings, zk, metricsAt, procedures, part.initialRows(initialRows, true), store,
                sharedStore == null, null);
    }

    /**
     * A candidate of a region assembled in code, such as an in-process cluster's, over
     * {@code sharedStore}, which the caller closes and has loaded; the runtime it leads shares
     * {@code group}'s loops.
     */
    public static CoordinatorCandidate start(RegionSettings settings, ZooKeeperSettings zk, ProcedureRegistry procedures,
                                             StorageEngine sharedStore, EventLoopGroup group)
            throws RegionStartException {
        return start(settings, zk, Optional.empty(), procedures, Map.of(), sharedStore, false, group);
    }

    private static CoordinatorCandidate start(RegionSettings settings, ZooKeeperSettings zk,
                                              Optional<InetSocketAddress> metricsAt, ProcedureRegistry procedures,
                                              Map<ChainKey, List<RowWrite>> initialRows, StorageEngine store,
                                              boolean ownsStore, EventLoopGroup group) throws RegionStartException {
        CuratorFramework client = ZooKeeperClients.connect(zk.connectString(), settings.cluster().name(),
                settings.regionName(), zk.sessionTimeout());
        CoordinatorCandidate candidate = new CoordinatorCandidate(settings, metricsAt, procedures, initialRows, store,
                ownsStore, client, group);
        try {
            candidate.waitForTurn();
        } catch (RuntimeException e) {
            candidate.close();
            throw new RegionStartException(e.getMessage(), e);
        }
        candidate.election.start();
        return candidate;
    }

    /** How the other candidates see this one: the address it serves at when it leads. */
    private String name() {
        InetSocketAddress a = settings.listenAddress();
        return a.getHostString() + ":" + a.getPort();
    }

    private void waitForTurn() {
        waitingHealth = metricsAt.map(a -> StandbyHealthEndpoint.start(a, settings.regionName(), election::leader))
                .orElse(null);
        waiting = WaitingEndpoint.bind(settings.listenAddress(), waitingLoop, channels, () -> "this is a standby "
                + "coordinator of region " + settings.regionName() + election.leader().map(l -> "; its leader is at " + l)
                        .orElse(", which is electing a leader; try again in a moment"));
    }

    private void stopWaiting() {
        if (waiting != null) {
            waiting.close();
            waiting = null;
        }
        if (waitingHealth != null) {
            waitingHealth.close();
            waitingHealth = null;
        }
    }

    private void lead(long elected) {
        if (closed || election.term().orElse(0) != elected) {
            return;
        }
        long startedNanos = System.nanoTime();
        RegionId region = settings.region();
        try {
            store.claimTerm(region, elected).toCompletableFuture().join();
        } catch (CompletionException e) {
            String why = StoreFencedException.isFenced(e) ? "the store belongs to a later term (was ZooKeeper's data "
                    + "reset?)" : "the store did not answer (" + e.getCause() + ")";
            log.error("elected coordinator of region {} in term {}, but cannot claim the store: {}; standing again",
                    settings.regionName(), elected, why);
            election.standAgain(elected, "it could not claim the store");
            return;
        }
        stopWaiting();
        try {
            boolean fresh = store.readLog().toCompletableFuture().join().isEmpty();
            if (fresh) {
                InitialRows.load(store, initialRows);
            }
            members = new ZooKeeperMembers(zookeeper, settings.regionName());
            StorageEngine fenced = ObservedStorageEngine.of(store.fencedBy(region, elected), standDownWhenFenced(elected));
            runtime = new RegionRuntime(settings, procedures, fenced, group, elected, members);
            term = elected;
            runtime.start();
            members.follow(runtime);
            RegionRuntime leading = runtime;
            metrics = metricsAt.map(a -> MetricsEndpoint.start(a, leading)).orElse(null);
            log.info("{} leads region {} in term {}: serving {} ms after its election{}", name(), settings.regionName(),
                    elected, TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startedNanos),
                    fresh ? "" : ", recovering the log from storage");
        } catch (RuntimeException e) {
            // A leader that cannot serve must let another try rather than hold the election.
            log.error("elected coordinator of region {} in term {}, but cannot serve: {}; standing again",
                    settings.regionName(), elected, e.toString());
            standBy(elected, "it could not start serving");
            election.standAgain(elected, "it could not start serving");
        }
    }

    /**
     * Stands down at the first write of term {@code elected} that the store refused because a later
     * term claimed it. ZooKeeper may still name this candidate its leader (Curator's latch has known
     * windows with two leaders; see {@link CoordinatorElection}), but the store decides which term
     * is the region's, and a leader it refuses can only stall its clients.
     */
    private StorageObserver standDownWhenFenced(long elected) {
        AtomicBoolean told = new AtomicBoolean();
        return (op, elapsedNanos, failure) -> {
            if (failure != null && StoreFencedException.isFenced(failure) && told.compareAndSet(false, true)) {
                log.warn("{}: a later leader term claimed the store of region {}, so term {} ends here",
                        name(), settings.regionName(), elected);
                election.standAgain(elected, "a later term claimed the store");
            }
        };
    }

    private void standBy(long ended, String why) {
        RegionRuntime leading = runtime;
        if (leading != null) {
            runtime = null;
            term = 0;
            if (metrics != null) {
                metrics.close();
                metrics = null;
            }
            leading.close();
            log.warn("{} stopped leading region {} (term {}): {}", name(), settings.regionName(), ended, why);
        }
        if (members != null) {
            members.close();
            members = null;
        }
        if (!closed && waiting == null) {
            waitForTurn();
        }
    }

    /** This candidate's ZooKeeper client, for tests that expire its session. */
    CuratorFramework zookeeper() {
        return zookeeper;
    }

    /** The region's nodes while this candidate leads. */
    public Optional<RegionRuntime> runtime() {
        return Optional.ofNullable(runtime);
    }

    /** The term this candidate leads, or 0 while it waits. */
    public long term() {
        return term;
    }

    /** Where this candidate listens, waiting or leading. */
    public InetSocketAddress address() {
        return settings.listenAddress();
    }

    /**
     * Stops as this process would if it were killed, for demonstrations and tests in one JVM: the
     * region it leads closes at once, and its ZooKeeper session is dropped without being closed, so
     * ZooKeeper expires it (and a standby takes over) only after the session timeout, as after a
     * {@code kill -9}. Closing it afterwards releases what is left.
     */
    public void crash() {
        closed = true;
        election.abandon();
        turns.execute(() -> {
            RegionRuntime leading = runtime;
            runtime = null;
            term = 0;
            if (metrics != null) {
                metrics.close();
                metrics = null;
            }
            if (leading != null) {
                leading.close();
            }
            if (members != null) {
                members.close();
                members = null;
            }
            stopWaiting();
        });
        try {
            zookeeper.getZookeeperClient().getZooKeeper().getTestable().injectSessionExpiration();
        } catch (Exception e) {
            log.debug("dropping the ZooKeeper session of {}: {}", name(), e.toString());
        }
        zookeeper.close();
        log.warn("{} crashed (as if killed), leading region {} no more", name(), settings.regionName());
    }

    @Override
    public void close() {
        closed = true;
        election.close();
        turns.execute(() -> {
            standBy(term, "its process is shutting down");
            stopWaiting();
        });
        turns.shutdown();
        try {
            if (!turns.awaitTermination(30, TimeUnit.SECONDS)) {
                turns.shutdownNow();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        zookeeper.close();
        waitingLoop.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
        if (ownsStore) {
            store.close();
        }
    }
}
