package io.catena.helios;

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
 * Helios as a plug-in ({@code helios}): a region runs one {@link HeliosNode} in the coordinator's
 * place. Helios-0 tolerates no region failure (a region waits for every peer's log), so its fault
 * tolerance stays 0; its log repairs lost shipments by construction.
 */
public final class HeliosProtocol implements ProtocolPlugin {

    private static final String IN_FLIGHT = "inFlight";

    @Override
    public String name() {
        return "helios";
    }

    @Override
    public Capabilities capabilities() {
        return new Capabilities(true, false);
    }

    @Override
    public List<NodeSlot> nodes(RegionSetup s) {
        return List.of(new NodeSlot(NodeId.coordinator(s.region()),
                (ports, how) -> new HeliosNode(s.config(), s.region(), s.procedures(), ports)));
    }

    @Override
    public PeerRule peerRule(ClusterConfig config, RegionId local) {
        return new ShipmentRule(config, name());
    }

    @Override
    public boolean quiescent(ProtocolNode entry, long stopMicros) {
        return helios(entry).quiescent();
    }

    @Override
    public String describe(ProtocolNode entry, long stopMicros) {
        return helios(entry).describe();
    }

    @Override
    public NodeReading read(ProtocolNode node) {
        HeliosNode h = helios(node);
        return h == null ? NodeReading.NONE : new NodeReading(Map.of(IN_FLIGHT, (long) h.transactionsInFlight()));
    }

    @Override
    public List<Series> series(ClusterConfig config, RegionId local) {
        return List.of(new Series("catena_transactions_in_flight", "transactions scheduled but not yet answered",
                false, Map.of(), (r, nowMicros) -> r.entry().get(IN_FLIGHT)));
    }

    private static HeliosNode helios(ProtocolNode node) {
        return node instanceof HeliosNode h ? h : null;
    }
}
