package io.catena.simulation.cluster;

import io.catena.catenae.CatenaProtocol;
import io.catena.catenae.message.ChangeMembership;
import io.catena.chainserver.ChainServer;
import io.catena.coordinator.Coordinator;
import io.catena.coordinator.resolver.Resolver;
import io.catena.core.config.ClusterConfig;
import io.catena.core.data.ChainKey;
import io.catena.core.data.RowWrite;
import io.catena.core.data.Version;
import io.catena.core.id.NodeId;
import io.catena.core.id.RegionId;
import io.catena.core.membership.OwnershipMap;
import io.catena.core.procedure.ProcedureRegistry;
import io.catena.core.protocol.NodeSlot;
import io.catena.core.protocol.NodeStart;
import io.catena.core.protocol.Protocol;
import io.catena.core.protocol.RegionSetup;
import io.catena.core.rlog.RLogRecord;
import io.catena.core.spi.NodePorts;
import io.catena.core.spi.ProtocolNode;
import io.catena.core.spi.StorageEngine;
import io.catena.harness.SeededRandom;
import io.catena.simulation.engine.EventLoop;
import io.catena.simulation.fault.Fault;
import io.catena.simulation.fault.OwnershipDraw;
import io.catena.simulation.host.SimNode;
import io.catena.simulation.host.SimStoragePort;
import io.catena.simulation.net.SimNetwork;
import io.catena.storage.memory.MemoryStorageEngine;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * One simulated region: its embedded store, the nodes its protocol's plug-in names (under Catena
 * its coordinator, resolver and chain servers), each on a host of its own, and the region's clock
 * (offset, speed, pauses).
 */
public final class SimRegion implements SimNode.RegionClock {

    private final RegionId id;
    private final String name;
    private final ClusterConfig config;
    private final EventLoop loop;
    private final SimConfig sim;
    private final SeededRandom random;
    private final MemoryStorageEngine store = new MemoryStorageEngine();
    /** While set, the region's store fails every call (its server is down); nodes keep running. */
    private boolean storeDown;
    /** The share of calls the region's store fails one by one ({@link io.catena.simulation.fault.Fault.FlakyStore}). */
    private double storeFailShare;
    private long storeCallsFailed;
    private final long offsetMicros;
    private final double speed;
    private long pausedUntilMicros;
    /** The protocol's nodes in its order, each with its host; the first is the region's entry node. */
    private final List<NodeSlot> slots;
    private final List<SimNode> hosts = new ArrayList<>();
    private SimNode coordinatorHost;
    /** The coordinator's leader term: one more at every start, claimed in the store before the node runs. */
    private long term;
    /** Old leaders still running after a takeover, until their first fenced write stops them. */
    private final List<SimNode> formerLeaders = new ArrayList<>();
    /** What each former leader had sent when its successor started. */
    private final List<Long> sentBeforeTakeover = new ArrayList<>();
    private final Consumer<RLogRecord> ownRecordTap;
    private final SimNetwork network;
    private final RegionSetup setup;
    /** The ownership map this host last asked its coordinator for (the initial one to begin with). */
    private OwnershipMap ownership;

    public SimRegion(RegionId id, SimConfig sim, ProcedureRegistry procedures, EventLoop loop, SimNetwork network,
                     SeededRandom random, Consumer<RLogRecord> ownRecordTap) {
        this.id = id;
        this.sim = sim;
        this.config = sim.cluster();
        this.name = config.regionName(id);
        this.loop = loop;
        this.random = random;
        this.ownRecordTap = ownRecordTap;
        SeededRandom clock = random.fork("clock");
        this.offsetMicros = sim.cluster().epochOffsetMicros(id) + (sim.maxClockOffsetMicros() == 0 ? 0
                : clock.nextLong(2 * sim.maxClockOffsetMicros() + 1) - sim.maxClockOffsetMicros());
        this.speed = Math.max(0.5, 1 + sim.regionSpeedSpread() * clock.gaussian());
        this.network = network;
        this.setup = RegionSetup.hashed(config, id, procedures).withChainServerMemory(sim.chainServerMemoryBytes());
        this.ownership = setup.ownership();
        this.slots = new ArrayList<>(sim.protocol().plugin().nodes(setup));
        slots.forEach(this::addHost);
        this.coordinatorHost = hosts.get(0);
    }

    private SimNode addHost(NodeSlot slot) {
        SimNode host = new SimNode(slot.id(), loop, network, sim.cost(), random.fork(forkName(slot.id())), this);
        network.register(host);
        hosts.add(host);
        return host;
    }

    /** The name a node's random source and storage port are forked by, as the seeds' traces know it. */
    private static String forkName(NodeId node) {
        return switch (node.role()) {
            case COORDINATOR -> "coord";
            case RESOLVER -> "resolver";
            case CHAIN_SERVER -> "cs" + node.index();
            case CLIENT -> throw new IllegalArgumentException("a region runs no client node");
        };
    }

    /** Loads the initial rows, the same in every region, at a version below every epoch. */
    public void load(Map<ChainKey, List<RowWrite>> data) {
        Version initial = Version.of(0, 1);
        data.forEach((key, writes) -> store.apply(key, initial, writes).toCompletableFuture().join());
    }

    public void start() {
        for (int i = 0; i < slots.size(); i++) {
            startNode(i, false);
        }
    }

    /**
     * Installs node {@code i} of the protocol's on its host, afresh or recovering from the store.
     * The region's entry node (Catena's coordinator) begins a new leader term first: it claims the
     * store, so that nothing an earlier leader writes from then on gets in, and writes through a
     * view fenced by its own term.
     */
    private void startNode(int i, boolean recover) {
        startNode(i, recover, forkName(hosts.get(i).id()));
    }

    private void startNode(int i, boolean recover, String portName) {
        SimNode host = hosts.get(i);
        StorageEngine engine = store;
        if (host == coordinatorHost) {
            term++;
            store.claimTerm(id, term).toCompletableFuture().join();
            engine = store.fencedBy(id, term);
        }
        NodePorts ports = new NodePorts(host, port(host, portName, engine), host);
        host.install(slots.get(i).start().node(ports, new NodeStart(host.incarnation(), recover)));
    }

    private Optional<SimNode> hostOf(NodeId node) {
        return hosts.stream().filter(h -> h.id().equals(node)).findFirst();
    }

    private SimNode host(NodeId node) {
        return hostOf(node).orElseThrow(() -> new IllegalArgumentException("region " + name + " runs no node " + node));
    }

    private SimStoragePort port(SimNode owner, String name, StorageEngine engine) {
        return new SimStoragePort(engine, owner, loop, random.fork("storage-" + name + "-" + owner.incarnation()),
                sim.storageMinMicros(), sim.storageMaxMicros(), owner == coordinatorHost ? ownRecordTap(): null,
                () -> storeDown ? 1 : storeFailShare, () -> storeCallsFailed++);
    }

    private Consumer<RLogRecord> ownRecordTap() {
        return r -> {
            if (r.origin().equals(id) && ownRecordTap != null) {
                ownRecordTap.accept(r);
            }
        };
    }

    /** A chain server crashes; a baseline has none, so nothing happens there. */
    public void crashChainServer(int i) {
        hostOf(NodeId.chainServer(id, i)).ifPresent(SimNode::crash);
    }

    public void restartChainServer(int i) {
        hostOf(NodeId.chainServer(id, i)).ifPresent(h -> startNode(hosts.indexOf(h), false));
    }

    public void crashCoordinator() {
        coordinatorHost.crash();
    }

    public void restartCoordinator() {
        startNode(0, true);
    }

    /**
     * The coordinator alone freezes until {@code micros} (a long GC pause, a VM stall): it resumes
     * where it stopped, unaware of the time that passed.
     */
    public void freezeCoordinator(long micros) {
        coordinatorHost.pauseUntil(micros);
    }

    /**
     * A standby takes over from a leader that is alive, though maybe frozen or cut off from
     * ZooKeeper: from now on a new coordinator leads in a new term, recovering from the store, and
     * messages to the coordinator go to it. The former leader goes on from where it is with what
     * its inbox holds, and keeps sending until its first write is fenced. Catena only.
     */
    public void takeOver() {
        if (!sim.protocol().equals(Protocol.CATENA) || coordinatorHost.down()) {
            return;
        }
        SimNode former = coordinatorHost;
        formerLeaders.add(former);
        sentBeforeTakeover.add(former.sent());
        SimNode successor = new SimNode(former.id(), loop, network, sim.cost(),
                random.fork("coord-term-" + (term + 1)), this);
        network.register(successor);
        hosts.set(0, successor);
        coordinatorHost = successor;
        startNode(0, true, "coord-term-" + (term + 1));
    }

    /** Leaders a takeover replaced, and how many of them a fenced write has stopped. */
    public int formerLeaders() {
        return formerLeaders.size();
    }

    /** Messages the former leaders sent after their successors started: what the others had to ignore or absorb. */
    public long formerLeadersLateMessages() {
        long late = 0;
        for (int i = 0; i < formerLeaders.size(); i++) {
            late += formerLeaders.get(i).sent() - sentBeforeTakeover.get(i);
        }
        return late;
    }

    public long formerLeadersStopped() {
        return formerLeaders.stream().filter(h -> h.node() instanceof Coordinator c && c.deposed()).count();
    }

    /**
     * The host asks its coordinator for a new ownership map (see {@link Fault.OwnershipChange}); a
     * joiner's chain server starts first. Catena only: a baseline has no chain servers.
     */
    public void changeOwnership(Fault.OwnershipChange.Kind kind, long pick) {
        if (!sim.protocol().equals(Protocol.CATENA)) {
            return;
        }
        OwnershipMap next = OwnershipDraw.next(kind, ownership, chainServers(), pick);
        if (next == null) {
            return;
        }
        if (kind == Fault.OwnershipChange.Kind.JOIN) {
            NodeSlot joiner = CatenaProtocol.chainServer(setup, chainServers());
            slots.add(joiner);
            addHost(joiner);
            startNode(slots.size() - 1, false);
        }
        ownership = next;
        coordinatorHost.deliver(coordinatorHost.id(), new ChangeMembership(next));
    }

    public void pauseUntil(long micros) {
        pausedUntilMicros = Math.max(pausedUntilMicros, micros);
    }

    @Override
    public long offsetMicros() {
        return offsetMicros;
    }

    @Override
    public double speed() {
        return speed;
    }

    @Override
    public long pausedUntilMicros() {
        return pausedUntilMicros;
    }

    public RegionId id() {
        return id;
    }

    public String name() {
        return name;
    }

    /** Takes the region's store down (every call fails, nothing is lost) or brings it back. */
    public void storeDown(boolean down) {
        storeDown = down;
    }

    /** Makes the region's store fail this share of its calls, one by one (0: none). */
    public void storeFailing(double share) {
        storeFailShare = share;
    }

    /** Calls the store failed one by one, so far ({@link #storeFailing}). */
    public long storeCallsFailed() {
        return storeCallsFailed;
    }

    public MemoryStorageEngine store() {
        return store;
    }

    /** Catena's coordinator, or null while it is down or when the region runs another protocol. */
    public Coordinator coordinator() {
        return CatenaProtocol.coordinator(coordinatorHost.node());
    }

    /** The region's entry node, in the coordinator's place, whatever the protocol; null while it is down. */
    public ProtocolNode entry() {
        return coordinatorHost.node();
    }

    /** Catena's chain server {@code i}, or null while it is down or when the region runs a baseline. */
    public ChainServer chainServer(int i) {
        return CatenaProtocol.chainServer(node(NodeId.chainServer(id, i)));
    }

    /** Catena's resolver, or null when the region runs a baseline. */
    public Resolver resolver() {
        return CatenaProtocol.resolver(node(NodeId.resolver(id)));
    }

    private ProtocolNode node(NodeId node) {
        return hostOf(node).map(SimNode::node).orElse(null);
    }

    /** How many chain servers the region runs: none under a baseline. */
    public int chainServers() {
        return (int) hosts.stream().filter(h -> h.id().role() == NodeId.Role.CHAIN_SERVER).count();
    }

    /** Simulated CPU time used by the region's nodes. */
    public long busyMicros() {
        long t = 0;
        for (SimNode h : hosts) {
            t += h.busyMicros();
        }
        return t;
    }

    public long localNow() {
        return coordinatorHost.localNow();
    }
}
