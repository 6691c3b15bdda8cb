package io.catena.server.region;

import io.catena.core.config.ClusterConfig;
import io.catena.core.id.NodeId;
import io.catena.core.id.RegionId;
import io.catena.core.procedure.ProcedureRegistry;
import io.catena.core.protocol.NodeSlot;
import io.catena.core.protocol.NodeStart;
import io.catena.core.protocol.ProtocolPlugin;
import io.catena.core.protocol.RegionSetup;
import io.catena.core.spi.StorageEngine;
import io.catena.core.spi.StorageLocality;
import io.catena.server.host.MicrosClock;
import io.catena.server.host.NodeRunner;
import io.catena.server.host.NodeThread;
import io.catena.server.net.Admission;
import io.catena.server.net.ClientConnections;
import io.catena.server.net.ClockSkewCheck;
import io.catena.server.net.ConnectionRefusals;
import io.catena.server.net.HandshakePolicy;
import io.catena.server.net.IntakeLimits;
import io.catena.server.net.NodeEndpoint;
import io.catena.server.net.PeerLink;
import io.catena.server.net.PeerMessageCheck;
import io.catena.server.net.Router;
import io.catena.server.storage.ObservedStorageEngine;
import io.catena.server.storage.StoreHealth;
import io.catena.wire.Hello;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.nio.NioEventLoopGroup;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One region's nodes in one process: those its protocol's plug-in names (under Catena the
 * coordinator, the resolver and the chain servers), each on a {@link NodeRunner} with the real
 * clock, over the region's store; the listening endpoint for
 * peer regions and clients; and a {@link PeerLink} to every other region. The protocol code is
 * the code the simulator runs.
 */
public final class RegionRuntime implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(RegionRuntime.class);

    private final RegionSettings settings;
    private final ProtocolPlugin plugin;
    private final ProcedureRegistry procedures;
    private final StorageEngine store;
    private final StoreHealth storeHealth = new StoreHealth();
    private final EventLoopGroup group;
    private final boolean ownsGroup;
    private final MicrosClock clock;
    private final ClientConnections clients;
    private final Router router;
    private final ConnectionRefusals refusals = new ConnectionRefusals();
    private final List<NodeThread> threads = new ArrayList<>();
    private final List<NodeRunner> runners = new ArrayList<>();
    private final List<PeerLink> links = new ArrayList<>();
    private NodeEndpoint endpoint;

    /**
     * @param group the Netty event loops to share, or null to make (and later close) our own
     * @throws IllegalArgumentException if the protocol cannot serve the region as configured
     */
    public RegionRuntime(RegionSettings settings, ProcedureRegistry procedures, StorageEngine store,
                         EventLoopGroup group) {
        this.settings = settings;
        this.plugin = settings.cluster().algorithm().plugin();
        String refused = plugin.capabilities().problem(plugin.name(), settings.protocol().faultTolerance(),
                !procedures.isEmpty());
        if (refused != null) {
            throw new IllegalArgumentException(refused);
        }
        this.procedures = procedures;
        this.store = ObservedStorageEngine.of(store, storeHealth);
        this.clock = settings.cluster().protocolClock();
        this.ownsGroup = group == null;
        this.group = group == null ? new NioEventLoopGroup(1) : group;
        RegionId region = settings.region();
        this.clients = new ClientConnections(region);
        this.router = new Router(region, settings.protocol().regionCount(), clients);
        for (int i = 0; i < settings.nodeThreads(); i++) {
            threads.add(new NodeThread("catena-" + settings.regionName() + "-nodes-" + i, clock));
        }
    }

    /** Starts the nodes and listens, then connects to the other regions at their configured addresses. */
    public void start() {
        listen();
        connect(settings.addresses());
    }

    /**
     * Starts the nodes and binds the listening address (port 0 picks a free port), without
     * connecting to peers yet: an in-process cluster binds every region first, then connects them.
     */
    public void listen() {
        ClusterConfig config = settings.protocol();
        RegionId region = settings.region();
        boolean recover = !store.readLog().toCompletableFuture().join().isEmpty();
        startNodes(plugin.nodes(setup(config, region, procedures)),
                new NodeStart(System.currentTimeMillis(), recover));
        HandshakePolicy policy = new HandshakePolicy(settings.cluster().name(), config.regions(), region.index(),
                procedures.digest(), settings.cluster().fingerprint().hex(), ClockSkewCheck.of(config, clock));
        IntakeLimits limits = new IntakeLimits(NodeId.coordinator(region), settings.maxCoordinatorBacklog(),
                storeHealth);
        PeerMessageCheck peers = new PeerMessageCheck(config, region, clock, plugin.peerRule(config, region));
        endpoint = NodeEndpoint.bind(settings.listenAddress(), group, settings.links().channels(),
                new Admission(policy, peers, router, clients, limits, refusals));
        log.info("region {} is listening on {}{}", settings.regionName(), endpoint.address(),
                recover ? " (recovered its log from storage)" : "");
    }

    /**
     * Starts the protocol's nodes in its order. Chain servers run on the threads after the first
     * when there are several; every other node shares the first.
     */
    private void startNodes(List<NodeSlot> slots, NodeStart how) {
        for (NodeSlot slot : slots) {
            NodeId id = slot.id();
            NodeThread thread = id.role() != NodeId.Role.CHAIN_SERVER || threads.size() == 1 ? threads.get(0)
                    : threads.get(1 + id.index() % (threads.size() - 1));
            NodeRunner runner = new NodeRunner(id, clock, router, thread);
            router.addNode(runner);
            runners.add(runner);
            runner.start(store, ports -> slot.start().node(ports, how));
        }
    }

    /** The region's initial membership: the stable hash, cut into ranges dealt evenly to its chain servers. */
    private static RegionSetup setup(ClusterConfig config, RegionId region, ProcedureRegistry procedures) {
        return RegionSetup.hashed(config, region, procedures);
    }

    /** Starts a link to every other region; {@code addresses} are where each region listens. */
    public void connect(List<InetSocketAddress> addresses) {
        ClusterConfig config = settings.protocol();
        RegionId region = settings.region();
        String digest = procedures.digest();
        String fingerprint = settings.cluster().fingerprint().hex();
        String sender = settings.regionName() + "@" + endpoint.address();
        // Read when the link says Hello, not now: the peer compares it with its own clock.
        Supplier<Hello> hello = () -> Hello.node(settings.cluster().name(), settings.regionName(), digest, fingerprint,
                clock.signedNowMicros(), sender);
        for (RegionId peer : config.regionIds()) {
            if (peer.equals(region)) {
                continue;
            }
            PeerLink link = new PeerLink(region, new PeerLink.Target(peer, config.regionName(peer),
                    addresses.get(peer.index())), hello, settings.links().wan(), group.next(), settings.links().channels(),
                    settings.links().sendQueueFrames());
            router.addLink(peer, link);
            links.add(link);
            link.start();
        }
    }

    public RegionSettings settings() {
        return settings;
    }

    /** The protocol the region runs, as its plug-in. */
    public ProtocolPlugin plugin() {
        return plugin;
    }

    public InetSocketAddress address() {
        return endpoint.address();
    }

    public List<NodeRunner> runners() {
        return List.copyOf(runners);
    }

    public List<PeerLink> links() {
        return List.copyOf(links);
    }

    public ClientConnections clients() {
        return clients;
    }

    public Router router() {
        return router;
    }

    /** Connections refused during their handshake, by why. */
    public ConnectionRefusals refusals() {
        return refusals;
    }

    /** Whether every outbound link to another region has completed its handshake. */
    public boolean connectedToAllPeers() {
        return links.stream().allMatch(PeerLink::connected);
    }

    /** Protocol steps that threw; zero in a healthy region. */
    public long failedSteps() {
        return runners.stream().mapToLong(NodeRunner::failedSteps).sum();
    }

    /** Stops the links to other regions, so that peers shutting down alongside are not reported as lost. */
    public void disconnect() {
        links.forEach(PeerLink::close);
    }

    @Override
    public void close() {
        disconnect();
        if (endpoint != null) {
            endpoint.close();
        }
        threads.forEach(NodeThread::close);
        if (ownsGroup) {
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
        }
    }
}
