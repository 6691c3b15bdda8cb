package io.catena.logkit;

import io.catena.core.config.ClusterConfig;
import io.catena.core.id.NodeId;
import io.catena.core.id.RegionId;
import io.catena.core.protocol.Capabilities;
import io.catena.core.protocol.NodeReading;
import io.catena.core.protocol.NodeSlot;
import io.catena.core.protocol.PeerRule;
import io.catena.core.protocol.ProtocolPlugin;
import io.catena.core.protocol.RegionSetup;
import io.catena.core.protocol.Series;
import io.catena.core.spi.ProtocolNode;
import java.util.List;
import java.util.Map;

/**
 * A log protocol as a plug-in: a region runs one {@link LogNode} with the protocol's commit rule,
 * in the coordinator's place. The protocols here tolerate no region failure (a region waits for
 * every peer's log), so their fault tolerance stays 0; the log repairs lost shipments by
 * construction. A protocol's plug-in names itself and its rule.
 */
public abstract class LogProtocol implements ProtocolPlugin {

    private static final String IN_FLIGHT = "inFlight";

    private final String name;
    private final CommitRule rule;

    protected LogProtocol(String name, CommitRule rule) {
        this.name = name;
        this.rule = rule;
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public Capabilities capabilities() {
        return new Capabilities(true, false);
    }

    @Override
    public final List<NodeSlot> nodes(RegionSetup s) {
        return List.of(new NodeSlot(NodeId.coordinator(s.region()),
                (ports, how) -> new LogNode(s.config(), s.region(), s.procedures(), ports, rule)));
    }

    @Override
    public final PeerRule peerRule(ClusterConfig config, RegionId local) {
        return new ShipmentRule(config, name);
    }

    @Override
    public final boolean quiescent(ProtocolNode entry, long stopMicros) {
        return node(entry).quiescent();
    }

    @Override
    public final String describe(ProtocolNode entry, long stopMicros) {
        return node(entry).describe();
    }

    @Override
    public final NodeReading read(ProtocolNode node) {
        LogNode n = node(node);
        return n == null ? NodeReading.NONE : new NodeReading(Map.of(IN_FLIGHT, (long) n.transactionsInFlight()));
    }

    @Override
    public final List<Series> series(ClusterConfig config, RegionId local) {
        return List.of(new Series("catena_transactions_in_flight", "transactions scheduled but not yet answered",
                false, Map.of(), (r, nowMicros) -> r.entry().get(IN_FLIGHT)));
    }

    private static LogNode node(ProtocolNode node) {
        return node instanceof LogNode n ? n : null;
    }
}
