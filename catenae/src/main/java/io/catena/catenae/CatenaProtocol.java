package io.catena.catenae;

import io.catena.catenae.message.ChangeMembership;
import io.catena.chainserver.ChainServer;
import io.catena.coordinator.Coordinator;
import io.catena.coordinator.resolver.Resolver;
import io.catena.core.config.ClusterConfig;
import io.catena.core.id.NodeId;
import io.catena.core.id.RegionId;
import io.catena.core.membership.OwnershipMap;
import io.catena.core.message.Message;
import io.catena.core.protocol.Capabilities;
import io.catena.core.protocol.NodeReading;
import io.catena.core.protocol.NodeSlot;
import io.catena.core.protocol.PeerRule;
import io.catena.core.protocol.ProtocolPlugin;
import io.catena.core.protocol.RegionSetup;
import io.catena.core.protocol.Series;
import io.catena.core.spi.ProtocolNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Catena as a plug-in: a region runs its coordinator, its resolver and its chain servers, and
 * coordinators exchange epoch messages ({@link EpochMessageRule}). A module of its own, since it
 * assembles the nodes of both {@code coordinator} and {@code chainserver}, which know nothing of
 * each other's classes.
 */
public final class CatenaProtocol implements ProtocolPlugin {

    @Override
    public String name() {
        return "catena";
    }

    @Override
    public Capabilities capabilities() {
        return new Capabilities(true, true);
    }

    @Override
    public List<NodeSlot> nodes(RegionSetup s) {
        RegionId region = s.region();
        List<NodeSlot> slots = new ArrayList<>();
        slots.add(new NodeSlot(NodeId.coordinator(region), (ports, how) ->
                new Coordinator(s.config(), s.history(), region, s.procedures(), ports, how.recover())));
        slots.add(new NodeSlot(NodeId.resolver(region), (ports, how) -> new Resolver(region, ports)));
        for (int i = 0; i < s.config().chainServersPerRegion(); i++) {
            slots.add(chainServer(s, i));
        }
        return List.copyOf(slots);
    }

    /**
     * Chain server {@code index} of the region, also one beyond the configured count that joins
     * later: it starts from the initial membership and learns the rest from its coordinator.
     */
    public static NodeSlot chainServer(RegionSetup s, int index) {
        return new NodeSlot(NodeId.chainServer(s.region(), index),
                (ports, how) -> new ChainServer(s, index, how.incarnation(), ports));
    }

    @Override
    public Optional<NodeSlot> addedChainServer(RegionSetup setup, int index) {
        return Optional.of(chainServer(setup, index));
    }

    @Override
    public PeerRule peerRule(ClusterConfig config, RegionId local) {
        return new EpochMessageRule(config);
    }

    @Override
    public Optional<Message> ownershipChange(OwnershipMap ownership) {
        return Optional.of(new ChangeMembership(ownership));
    }

    @Override
    public boolean quiescent(ProtocolNode entry, long stopMicros) {
        Coordinator c = coordinator(entry);
        long lastEpoch = c.context().epochAt(stopMicros);
        return !c.recovering() && c.nextToSchedule() > lastEpoch && c.transactionsInFlight() == 0;
    }

    @Override
    public String describe(ProtocolNode entry, long stopMicros) {
        Coordinator c = coordinator(entry);
        String blocker = c.schedulingBlocker();
        return String.format(Locale.ROOT, "scheduled through epoch %d of %d, %d transactions in flight%s",
                c.nextToSchedule() - 1, c.context().epochAt(stopMicros), c.transactionsInFlight(),
                blocker == null ? "" : "; " + blocker);
    }

    @Override
    public NodeReading read(ProtocolNode node) {
        if (node instanceof Coordinator c) {
            return CatenaReadings.of(c);
        }
        if (node instanceof ChainServer s) {
            return CatenaReadings.of(s.stats());
        }
        return NodeReading.NONE;
    }

    @Override
    public List<Series> series(ClusterConfig config, RegionId local) {
        return CatenaSeries.of(config, local);
    }

    /** The region's coordinator, if {@code node} is one (for Catena-only instruments such as the simulator's). */
    public static Coordinator coordinator(ProtocolNode node) {
        return node instanceof Coordinator c ? c : null;
    }

    /** The chain server, if {@code node} is one. */
    public static ChainServer chainServer(ProtocolNode node) {
        return node instanceof ChainServer s ? s : null;
    }

    /** The resolver, if {@code node} is one. */
    public static Resolver resolver(ProtocolNode node) {
        return node instanceof Resolver r ? r : null;
    }
}
