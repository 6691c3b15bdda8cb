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
import io.catena.server.net.LeaderFollow;
import io.catena.server.net.MemberEvents;
import io.catena.server.net.NodeEndpoint;
import io.catena.server.net.PeerLink;
import io.catena.server.net.PeerMessageCheck;
import io.catena.server.net.RegionLayout;
import io.catena.server.net.Router;
import io.catena.server.storage.ObservedStorageEngine;
import io.catena.server.storage.StoreHealth;
import io.catena.wire.Hello;
import io.catena.wire.ProcessRole;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.nio.NioEventLoopGroup;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntPredicate;
import java.util.stream.IntStream;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One region's nodes in one process: those its protocol's plug-in names (under Catena the
 * coordinator, the resolver and the chain servers), each on a {@link NodeRunner} with the real
 * clock, over the region's store; the listening endpoint for
 * peer regions and clients; and a {@link PeerLink} to every other region. The protocol code is
 * the code the simulator runs.
 *
 * <p>In a region split over processes ({@link RegionLayout}) it runs only this process's share of
 * the nodes, with a link to each of the region's other processes; only the coordinator's process
 * links to peer regions, and a chain-server process restarts its chain server when its links to
 * the region break ({@link ChainServerRejoin}).
 */
public final class RegionRuntime implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(RegionRuntime.class);

    /**
     * How long a chain-server process waits for anything from its coordinator's process before it
     * takes the connection for half-open and rejoins: many epochs, and more than a peer region's
     * record may keep the coordinator from scheduling.
     */
    public static final Duration COORDINATOR_SILENCE = Duration.ofSeconds(10);

    private final RegionSettings settings;
    private final ProtocolPlugin plugin;
    private final ProcedureRegistry procedures;
    private final StorageEngine store;
    private final StoreHealth storeHealth = new StoreHealth();
    private final EventLoopGroup group;
    private final boolean ownsGroup;
    /** What this region's nodes read: the cluster clock, the region's epoch offset ahead. */
    private final MicrosClock clock;
    /** What this region compares with other regions' clocks: time since genesis, unshifted. */
    private final MicrosClock clusterClock;
    private final ClientConnections clients;
    private final Router router;
    private final ConnectionRefusals refusals = new ConnectionRefusals();
    private final List<NodeThread> threads = new ArrayList<>();
    private final List<NodeRunner> runners = new ArrayList<>();
    private final List<PeerLink> links = new ArrayList<>();
    private final List<PeerLink> memberLinks = new CopyOnWriteArrayList<>();
    private final Map<ProcessRole, PeerLink> linkByMember = new ConcurrentHashMap<>();
    private final List<NodeSlot> hosted = new ArrayList<>();
    /** Every node of the region, wherever it runs. */
    private final List<NodeId> regionNodes = new ArrayList<>();
    private final AtomicLong lastIncarnation = new AtomicLong();
    /** Where the region's nodes run: as configured, then grown by chain servers added while it runs. */
    private volatile RegionLayout layout;
    /** For each chain server, the storage node it runs beside, if the file names one. */
    private volatile List<Optional<String>> beside;
    private RegionSetup setup;
    private MembershipSource membership;
    private ChainServerRejoin rejoin;
    private NodeEndpoint endpoint;
    /** The leader term this process's coordinator runs in, said in every Hello; 0 in a region without standbys. */
    private final long term;
    /** The region's members as its ZooKeeper ensemble knows them, or null in a region without one. */
    private final ZooKeeperMembers members;

    /**
     * @param group the Netty event loops to share, or null to make (and later close) our own
     * @throws IllegalArgumentException if the protocol cannot serve the region as configured
     */
    public RegionRuntime(RegionSettings settings, ProcedureRegistry procedures, StorageEngine store,
                         EventLoopGroup group) {
        this(settings, procedures, store, group, 0, null);
    }

    /**
     * As above, for the coordinator's process elected in leader {@code term}: its links say the
     * term, so that processes which heard of a newer leader refuse them.
     *
     * @param members the region's members in ZooKeeper, where its chain servers register and this
     *                process publishes the ownership maps it asks for; null without ZooKeeper
     */
    public RegionRuntime(RegionSettings settings, ProcedureRegistry procedures, StorageEngine store,
                         EventLoopGroup group, long term, ZooKeeperMembers members) {
        this.settings = settings;
        this.term = term;
        this.members = members;
        this.plugin = settings.cluster().algorithm().plugin();
        String refused = plugin.capabilities().problem(plugin.name(), settings.protocol().faultTolerance(),
                !procedures.isEmpty());
        if (refused != null) {
            throw new IllegalArgumentException(refused);
        }
        this.procedures = procedures;
        this.layout = settings.layout();
        this.beside = settings.beside();
        this.store = ObservedStorageEngine.of(store, storeHealth);
        this.clock = settings.protocolClock();
        this.clusterClock = settings.cluster().clusterClock();
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
        setup = setup(config, region, procedures, store).withChainServerMemory(chainServerMemory(config));
        List<NodeSlot> slots = new ArrayList<>(plugin.nodes(setup));
        for (int i = config.chainServersPerRegion(); i < layout.chainServers().size(); i++) {
            slots.add(addedChainServer(i));
        }
        slots.forEach(s -> regionNodes.add(s.id()));
        if (!layout.self().isCoordinator()) {
            rejoin = new ChainServerRejoin(group.next(), this::restartChainServers, COORDINATOR_SILENCE);
        }
        // Before the nodes start, so that what they send to the region's other processes goes to
        // a link (dropped and counted until it connects) rather than looking unroutable.
        linkMembers();
        startNodes(slots, new NodeStart(nextIncarnation(), recover));
        watchLayout();
        HandshakePolicy policy = new HandshakePolicy(settings.cluster().name(), config.regions(), region.index(),
                procedures.digest(), settings.cluster().fingerprint().hex(), ClockSkewCheck.of(config, clusterClock),
                () -> layout);
        IntakeLimits limits = new IntakeLimits(NodeId.coordinator(region), settings.maxCoordinatorBacklog(),
                storeHealth);
        PeerMessageCheck peers = new PeerMessageCheck(config, region, clusterClock, plugin.peerRule(config, region));
        MemberEvents members = rejoin == null ? MemberEvents.NONE : rejoin;
        endpoint = NodeEndpoint.bind(settings.listenAddress(), group, settings.links().channels(),
                new Admission(policy, peers, router, clients, limits, refusals, members,
                        new LeaderFollow(this::redialCoordinatorOf)));
        log.info("region {} is listening on {}{}{}", settings.regionName(), endpoint.address(),
                layout.split() ? " as " + layout.self() + "'s process" : "",
                recover ? " (recovered its log from storage)" : "");
    }

    /**
     * Starts the protocol's nodes that this process runs, in its order. Chain servers run on the
     * threads after the first when there are several; every other node shares the first.
     *
     * @throws IllegalArgumentException if this is a chain server's process and the protocol runs
     *                                  no such chain server
     */
    private void startNodes(List<NodeSlot> slots, NodeStart how) {
        slots.stream().filter(s -> layout.hosts(s.id())).forEach(hosted::add);
        if (!layout.self().isCoordinator() && hosted.isEmpty()) {
            throw new IllegalArgumentException("protocol " + plugin.name() + " runs no chain servers of its own, so "
                    + "this process would run nothing; list no chainServers for region " + settings.regionName());
        }
        for (NodeSlot slot : hosted) {
            NodeId id = slot.id();
            NodeThread thread = id.role() != NodeId.Role.CHAIN_SERVER || threads.size() == 1 ? threads.get(0)
                    : threads.get(1 + id.index() % (threads.size() - 1));
            NodeRunner runner = new NodeRunner(id, clock, router, thread);
            router.addNode(runner);
            runners.add(runner);
            runner.start(store, ports -> slot.start().node(ports, how));
        }
    }

    /**
     * The region's initial membership, which every process derives from the configuration alone:
     * the store's positions (or the stable hash, for a store with no layout) cut into ranges dealt
     * evenly to its chain servers. The map beside the store's nodes follows as a change
     * ({@link #watchLayout}).
     */
    private static RegionSetup setup(ClusterConfig config, RegionId region, ProcedureRegistry procedures,
                                     StorageEngine store) {
        return store.locality()
                .map(locality -> RegionSetup.placedBy(locality.positions(), config, region, procedures))
                .orElseGet(() -> RegionSetup.hashed(config, region, procedures));
    }

    /**
     * Each chain server's share of the budget this process's chain servers of the region have: the
     * region's whole set in a process that runs it whole, its own in a chain server's process.
     */
    private long chainServerMemory(ClusterConfig config) {
        int servers = Math.max(config.chainServersPerRegion(), layout.chainServers().size());
        long hosted = IntStream.range(0, servers)
                .filter(i -> layout.hosts(NodeId.chainServer(settings.region(), i))).count();
        return settings.chainServerMemoryBytes() / Math.max(1, hosted);
    }

    /**
     * In the coordinator's process over a store that knows where its keys live, keeps the chain
     * servers beside them: the layout's map now, and again whenever the store moves keys.
     */
    private void watchLayout() {
        NodeRunner entry = router.node(NodeId.coordinator(settings.region()));
        Optional<StorageLocality> locality = store.locality();
        if (locality.isEmpty() || entry == null) {
            return;
        }
        int founding = settings.protocol().chainServersPerRegion();
        IntPredicate present = members == null ? this::memberConnected
                : index -> memberConnected(index) && members.registered(index);
        membership = new LayoutWatch(locality.get(), founding, () -> beside, present, map -> {
            plugin.ownershipChange(map).ifPresent(m -> entry.deliver(entry.id(), m));
            if (members != null) {
                // After the coordinator has it: a ZooKeeper that is down delays only the publication.
                members.publish(map, term);
            }
        }, settings.regionName());
        membership.start();
    }

    /** Whether this process has a connection to chain server {@code index}'s process. */
    private boolean memberConnected(int index) {
        PeerLink link = linkByMember.get(ProcessRole.chainServer(index));
        return link != null && link.connected();
    }

    /**
     * Chain server {@code index} beyond those the region started with; the protocol must be able
     * to add one.
     */
    private NodeSlot addedChainServer(int index) {
        return plugin.addedChainServer(setup, index).orElseThrow(() -> new IllegalArgumentException("protocol "
                + plugin.name() + " cannot add chain servers to a running region, so region " + settings.regionName()
                + " may list only protocol.chainServers (" + settings.protocol().chainServersPerRegion()
                + ") chain-server processes"));
    }

    /**
     * Grows a split region by chain-server processes added while it runs (appended to its file, or
     * registered in ZooKeeper): this process links to them (and admits them), and the coordinator's
     * gives each keys, through a membership change, once its process has connected and the store's
     * layout places keys beside it. Those this process knows already are skipped, so both sources
     * may name the same one.
     *
     * @param first       the index of the first chain server named
     * @param addresses   where each named process listens, in order of index
     * @param besideAdded the storage node each named one runs beside, if named
     * @throws IllegalArgumentException if the region is not split, the protocol cannot grow, or
     *                                  {@code first} leaves a gap after the chain servers known
     */
    public synchronized void addChainServers(int first, List<InetSocketAddress> addresses,
                                             List<Optional<String>> besideAdded) {
        int known = layout.chainServers().size();
        if (first > known) {
            throw new IllegalArgumentException("chain server " + first + " cannot join before chain server " + known);
        }
        int skip = Math.min(known - first, addresses.size());
        addresses = addresses.subList(skip, addresses.size());
        besideAdded = besideAdded.subList(skip, besideAdded.size());
        if (addresses.isEmpty()) {
            return;
        }
        RegionLayout grown = layout.grownBy(addresses);
        List<NodeSlot> slots = new ArrayList<>();
        for (int i = layout.chainServers().size(); i < grown.chainServers().size(); i++) {
            slots.add(addedChainServer(i));
        }
        List<Optional<String>> nextBeside = new ArrayList<>(beside);
        while (nextBeside.size() < layout.chainServers().size()) {
            nextBeside.add(Optional.empty());
        }
        nextBeside.addAll(besideAdded);
        layout = grown;
        beside = List.copyOf(nextBeside);
        for (NodeSlot slot : slots) {
            regionNodes.add(slot.id());
            PeerLink link = linkMember(ProcessRole.chainServer(slot.id().index()));
            link.start();
            log.info("region {} grew by chain server {} at {}", settings.regionName(), slot.id().index(),
                    grown.address(ProcessRole.chainServer(slot.id().index())));
        }
    }

    /** Restarts this process's chain servers as new incarnations that rejoin the region. */
    private void restartChainServers() {
        for (NodeSlot slot : hosted) {
            if (slot.id().role() == NodeId.Role.CHAIN_SERVER) {
                NodeStart how = new NodeStart(nextIncarnation(), false);
                router.node(slot.id()).restart(ports -> slot.start().node(ports, how));
            }
        }
    }

    /** The wall clock's milliseconds, raised past the last incarnation so that a quick restart is still a new one. */
    private long nextIncarnation() {
        long now = System.currentTimeMillis();
        return lastIncarnation.updateAndGet(last -> Math.max(last + 1, now));
    }

    /**
     * Starts a link to every other region (from the coordinator's process only) and to each of
     * this region's other processes; {@code addresses} are where each region listens.
     */
    public void connect(List<InetSocketAddress> addresses) {
        ClusterConfig config = settings.protocol();
        RegionId region = settings.region();
        Supplier<Hello> hello = hello(settings.regionName() + "@" + endpoint.address());
        memberLinks.forEach(PeerLink::start);
        if (!layout.self().isCoordinator()) {
            return;
        }
        for (RegionId peer : config.regionIds()) {
            if (peer.equals(region)) {
                continue;
            }
            List<InetSocketAddress> coordinators = new ArrayList<>(settings.coordinatorsOf(peer));
            coordinators.set(0, addresses.get(peer.index()));
            PeerLink link = new PeerLink(region, new PeerLink.Target(peer, config.regionName(peer),
                    ProcessRole.COORDINATOR, coordinators), hello, settings.links().wan(), group.next(), settings.links().channels(),
                    settings.links().sendQueueFrames());
            router.addLink(peer, link);
            links.add(link);
            link.start();
        }
    }

    /**
     * Redials this process's link to {@code region}'s coordinator after a newer leader of it said
     * hello: the link may still hang on its predecessor, paused or cut off, whose standby address
     * now leads.
     */
    private void redialCoordinatorOf(String region, long newTerm) {
        log.info("region {}'s coordinators are led in term {} now; redialling its leader", region, newTerm);
        if (region.equals(settings.regionName())) {
            PeerLink link = linkByMember.get(ProcessRole.COORDINATOR);
            if (link != null) {
                link.redial();
            }
            return;
        }
        links.stream().filter(l -> l.peerName().equals(region)).forEach(PeerLink::redial);
    }

    /**
     * This process's Hello, built each time a link says it: the clock is read then, not now, since
     * the peer compares it with its own.
     */
    private Supplier<Hello> hello(String sender) {
        String digest = procedures.digest();
        String fingerprint = settings.cluster().fingerprint().hex();
        return () -> Hello.node(settings.cluster().name(), settings.regionName(), digest, fingerprint,
                clusterClock.signedNowMicros(), sender, layout.self(), term);
    }

    /**
     * A link to each of this region's other processes, carrying the messages to the nodes each
     * runs; started by {@link #connect}.
     */
    private void linkMembers() {
        layout.others().forEach(this::linkMember);
    }

    /** A link to the process of {@code member}, carrying the messages to the nodes it runs; not started yet. */
    private PeerLink linkMember(ProcessRole member) {
        RegionLayout now = layout;
        // Links say Hello once started, after the endpoint is bound.
        Supplier<Hello> hello = () -> hello(settings.regionName() + "@" + endpoint.address()).get();
        PeerLink link = new PeerLink(settings.region(), new PeerLink.Target(settings.region(), settings.regionName(),
                member, now.addresses(member)), hello, null, group.next(), settings.links().channels(),
                settings.links().sendQueueFrames());
        regionNodes.stream().filter(n -> now.hostOf(n).equals(member)).forEach(n -> router.addMember(n, link));
        if (rejoin != null) {
            link.notify(rejoin);
        }
        memberLinks.add(link);
        linkByMember.put(member, link);
        return link;
    }

    /** Where the region's nodes run, as this process knows it now. */
    public RegionLayout layout() {
        return layout;
    }

    public RegionSettings settings() {
        return settings;
    }

    /** The leader term this process's coordinator runs in; 0 in a region without standbys. */
    public long term() {
        return term;
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

    /** The links to peer regions. */
    public List<PeerLink> links() {
        return List.copyOf(links);
    }

    /** The links to this region's other processes, when it is split. */
    public List<PeerLink> memberLinks() {
        return List.copyOf(memberLinks);
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

    /** Whether every outbound link, to another region or process of this one, has completed its handshake. */
    public boolean connectedToAllPeers() {
        return links.stream().allMatch(PeerLink::connected) && memberLinks.stream().allMatch(PeerLink::connected);
    }

    /** Where the region's store keeps keys and how local this process's calls stayed, for a store that knows. */
    public Optional<StorageLocality> storageLocality() {
        return store.locality();
    }

    /** Protocol steps that threw; zero in a healthy region. */
    public long failedSteps() {
        return runners.stream().mapToLong(NodeRunner::failedSteps).sum();
    }

    /** Stops the links to other regions, so that peers shutting down alongside are not reported as lost. */
    public void disconnect() {
        links.forEach(PeerLink::close);
        memberLinks.forEach(PeerLink::close);
    }

    @Override
    public void close() {
        if (membership != null) {
            membership.close();
        }
        if (rejoin != null) {
            rejoin.close();
        }
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
