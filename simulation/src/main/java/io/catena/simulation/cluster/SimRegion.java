package io.catena.simulation.cluster;

import io.catena.baselines.BaselineNode;
import io.catena.baselines.BaselineNodes;
import io.catena.baselines.BaselineSettings;
import io.catena.chainserver.ChainServer;
import io.catena.coordinator.Coordinator;
import io.catena.coordinator.resolver.Resolver;
import io.catena.core.config.ClusterConfig;
import io.catena.core.data.ChainKey;
import io.catena.core.data.RowWrite;
import io.catena.core.data.Version;
import io.catena.core.id.NodeId;
import io.catena.core.id.RegionId;
import io.catena.core.procedure.ProcedureRegistry;
import io.catena.core.spi.NodePorts;
import io.catena.core.rlog.RLogRecord;
import io.catena.simulation.engine.EventLoop;
import io.catena.harness.SeededRandom;
import io.catena.simulation.host.CostModel;
import io.catena.simulation.host.SimNode;
import io.catena.simulation.host.SimStoragePort;
import io.catena.simulation.net.SimNetwork;
import io.catena.storage.memory.MemoryStorageEngine;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * One simulated region: its embedded store, its coordinator, resolver and chain servers, each on
 * a host of its own, and the region's clock (offset, speed, pauses).
 */
public final class SimRegion implements SimNode.RegionClock {

    private final RegionId id;
    private final String name;
    private final ClusterConfig config;
    private final ProcedureRegistry procedures;
    private final EventLoop loop;
    private final SimConfig sim;
    private final SeededRandom random;
    private final MemoryStorageEngine store = new MemoryStorageEngine();
    /** While set, the region's store fails every call (its server is down); nodes keep running. */
    private boolean storeDown;
    private final long offsetMicros;
    private final double speed;
    private long pausedUntilMicros;
    private final SimNode coordinatorHost;
    private final SimNode resolverHost;
    private final SimNode[] chainServerHosts;
    private final Consumer<RLogRecord> ownRecordTap;

    public SimRegion(RegionId id, SimConfig sim, ProcedureRegistry procedures, EventLoop loop, SimNetwork network,
                     SeededRandom random, Consumer<RLogRecord> ownRecordTap) {
        this.id = id;
        this.sim = sim;
        this.config = sim.cluster();
        this.name = config.regionName(id);
        this.procedures = procedures;
        this.loop = loop;
        this.random = random;
        this.ownRecordTap = ownRecordTap;
        SeededRandom clock = random.fork("clock");
        this.offsetMicros = sim.maxClockOffsetMicros() == 0 ? 0
                : clock.nextLong(2 * sim.maxClockOffsetMicros() + 1) - sim.maxClockOffsetMicros();
        this.speed = Math.max(0.5, 1 + sim.regionSpeedSpread() * clock.gaussian());
        CostModel cost = sim.cost();
        this.coordinatorHost = new SimNode(NodeId.coordinator(id), loop, network, cost, random.fork("coord"), this);
        this.resolverHost = new SimNode(NodeId.resolver(id), loop, network, cost, random.fork("resolver"), this);
        this.chainServerHosts = new SimNode[config.chainServersPerRegion()];
        network.register(coordinatorHost);
        network.register(resolverHost);
        for (int i = 0; i < chainServerHosts.length; i++) {
            chainServerHosts[i] = new SimNode(NodeId.chainServer(id, i), loop, network, cost, random.fork("cs" + i), this);
            network.register(chainServerHosts[i]);
        }
    }

    /** Loads the initial rows, the same in every region, at a version below every epoch. */
    public void load(Map<ChainKey, List<RowWrite>> data) {
        Version initial = Version.of(0, 1);
        data.forEach((key, writes) -> store.apply(key, initial, writes).toCompletableFuture().join());
    }

    public void start() {
        if (sim.protocol().isBaseline()) {
            // A baseline's region is one node in the coordinator's place; it has no chain servers.
            coordinatorHost.install(BaselineNodes.create(sim.protocol(), config, id, procedures,
                    new NodePorts(coordinatorHost, port(coordinatorHost, "coord"), coordinatorHost),
                    BaselineSettings.defaults()));
            return;
        }
        startCoordinator(false);
        resolverHost.install(new Resolver(id, new NodePorts(resolverHost, port(resolverHost, "resolver"), resolverHost)));
        for (int i = 0; i < chainServerHosts.length; i++) {
            startChainServer(i);
        }
    }

    private SimStoragePort port(SimNode owner, String name) {
        return new SimStoragePort(store, owner, loop, random.fork("storage-" + name + "-" + owner.incarnation()),
                sim.storageMinMicros(), sim.storageMaxMicros(), owner == coordinatorHost ? ownRecordTap(): null,
                () -> storeDown);
    }

    private Consumer<RLogRecord> ownRecordTap() {
        return r -> {
            if (r.origin().equals(id) && ownRecordTap != null) {
                ownRecordTap.accept(r);
            }
        };
    }

    private void startCoordinator(boolean recover) {
        coordinatorHost.install(new Coordinator(config, id, procedures,
                new NodePorts(coordinatorHost, port(coordinatorHost, "coord"), coordinatorHost), recover));
    }

    private void startChainServer(int i) {
        SimNode host = chainServerHosts[i];
        host.install(new ChainServer(config, id, i, host.incarnation(), procedures,
                new NodePorts(host, port(host, "cs" + i), host)));
    }

    public void crashChainServer(int i) {
        chainServerHosts[i].crash();
    }

    public void restartChainServer(int i) {
        startChainServer(i);
    }

    public void crashCoordinator() {
        coordinatorHost.crash();
    }

    public void restartCoordinator() {
        startCoordinator(true);
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

    public MemoryStorageEngine store() {
        return store;
    }

    /** Catena's coordinator, or null while it is down or when the region runs a baseline. */
    public Coordinator coordinator() {
        return coordinatorHost.node() instanceof Coordinator c ? c : null;
    }

    /** The region's node when it runs a baseline protocol, or null. */
    public BaselineNode baseline() {
        return coordinatorHost.node() instanceof BaselineNode b ? b : null;
    }

    public ChainServer chainServer(int i) {
        return (ChainServer) chainServerHosts[i].node();
    }

    public Resolver resolver() {
        return (Resolver) resolverHost.node();
    }

    public int chainServers() {
        return chainServerHosts.length;
    }

    /** Simulated CPU time used by the region's nodes. */
    public long busyMicros() {
        long t = coordinatorHost.busyMicros() + resolverHost.busyMicros();
        for (SimNode h : chainServerHosts) {
            t += h.busyMicros();
        }
        return t;
    }

    public long localNow() {
        return coordinatorHost.localNow();
    }
}
