package io.catena.baselines;

import io.catena.core.config.ClusterConfig;
import io.catena.core.id.NodeId;
import io.catena.core.id.RegionId;
import io.catena.core.procedure.ProcedureRegistry;
import io.catena.core.protocol.Capabilities;
import io.catena.core.protocol.NodeReading;
import io.catena.core.protocol.NodeSlot;
import io.catena.core.protocol.PeerRule;
import io.catena.core.protocol.ProtocolPlugin;
import io.catena.core.protocol.RegionSetup;
import io.catena.core.protocol.Series;
import io.catena.core.spi.NodePorts;
import io.catena.core.spi.ProtocolNode;
import java.util.List;
import java.util.Map;

/**
 * A comparison protocol as a plug-in: a region runs one node in the coordinator's place, so that
 * clients and peers reach it at the same address and nothing else of Catena runs. The baselines
 * survive crashes of their regions and lost messages (they log grants and decisions, and send
 * again), but have no majority mode of their own: their fault tolerance setting stays 0.
 */
public abstract class BaselineProtocol implements ProtocolPlugin {

    /** The reading of a baseline node's open transactions, its only gauge. */
    private static final String IN_FLIGHT = "inFlight";

    /** Makes a region's node under one baseline. */
    @FunctionalInterface
    interface NodeFactory {
        BaselineNode node(ClusterConfig config, RegionId region, ProcedureRegistry procedures, NodePorts ports,
                          BaselineSettings settings);
    }

    private final String name;
    private final NodeFactory factory;

    BaselineProtocol(String name, NodeFactory factory) {
        this.name = name;
        this.factory = factory;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public Capabilities capabilities() {
        return new Capabilities(true, false);
    }

    @Override
    public List<NodeSlot> nodes(RegionSetup s) {
        return List.of(new NodeSlot(NodeId.coordinator(s.region()), (ports, how) -> factory.node(s.config(),
                s.region(), s.procedures(), ports, BaselineSettings.defaults())));
    }

    @Override
    public PeerRule peerRule(ClusterConfig config, RegionId local) {
        return new HomeRegionRule(config, local, name);
    }

    @Override
    public boolean quiescent(ProtocolNode entry, long stopMicros) {
        return baseline(entry).quiescent();
    }

    @Override
    public String describe(ProtocolNode entry, long stopMicros) {
        return baseline(entry).describe();
    }

    @Override
    public NodeReading read(ProtocolNode node) {
        BaselineNode b = baseline(node);
        return b == null ? NodeReading.NONE : new NodeReading(Map.of(IN_FLIGHT, (long) b.transactionsInFlight()));
    }

    /** A baseline region shows only its open transactions: it has no epochs, log or chain servers to count. */
    @Override
    public List<Series> series(ClusterConfig config, RegionId local) {
        return List.of(new Series("catena_transactions_in_flight", "transactions scheduled but not yet answered",
                false, Map.of(), (r, nowMicros) -> r.entry().get(IN_FLIGHT)));
    }

    /** The region's baseline node, if {@code node} is one (for instruments such as the simulator's). */
    public static BaselineNode baseline(ProtocolNode node) {
        return node instanceof BaselineNode b ? b : null;
    }
}
