package io.catena.core.protocol;

import io.catena.core.config.ClusterConfig;
import io.catena.core.id.RegionId;
import io.catena.core.membership.OwnershipMap;
import io.catena.core.message.Message;
import io.catena.core.spi.ProtocolNode;
import java.util.List;
import java.util.Optional;

/**
 * What a protocol brings to the hosts that run it (the runtime's regions and the simulator): the
 * nodes a region runs, the rule for what a peer region may send, when a region is quiescent, the
 * readings its metrics show, and what it supports. Hosts know protocols only through this
 * interface and {@link ProtocolNode}; none casts a node to a protocol's class.
 *
 * <p>A plug-in is found by {@link #name()} with {@link java.util.ServiceLoader} ({@link Protocol#plugin()};
 * each protocol module registers its own in {@code META-INF/services}). It is stateless and immutable: any
 * thread may call {@link #nodes}, {@link #peerRule}, {@link #series} and {@link #capabilities};
 * the methods that take a node ({@link #quiescent}, {@link #describe}, {@link #read}) run on that
 * node's own thread, as every access to a node's state does. Deterministic and free of I/O, like the nodes it makes.
 */
public interface ProtocolPlugin {

    /** The protocol's name on the command line and in configuration: {@code catena}, {@code 2pl}, ... */
    String name();

    /** What the protocol supports, so that a host refuses the rest before it starts. */
    Capabilities capabilities();

    /**
     * The nodes a region runs, in the order the host creates and registers them (which fixes the
     * simulator's traces). The first is the region's entry node, {@code NodeId.coordinator(region)}:
     * clients and peer regions reach the region there.
     */
    List<NodeSlot> nodes(RegionSetup setup);

    /** What peer regions may send to region {@code local}. */
    PeerRule peerRule(ClusterConfig config, RegionId local);

    /**
     * Whether the region's entry node has settled everything clients could have started before
     * {@code stopMicros} (protocol time), so that the regions' stores can be compared.
     */
    boolean quiescent(ProtocolNode entry, long stopMicros);

    /**
     * What the host hands the region's entry node to ask that chain servers own keys by
     * {@code ownership} from a membership epoch on (the store's layout changed), or empty for a
     * protocol whose nodes own no keys.
     */
    default Optional<Message> ownershipChange(OwnershipMap ownership) {
        return Optional.empty();
    }

    /**
     * Chain server {@code index} of a region that grew past the {@code chainServersPerRegion} it
     * started with: a node that owns nothing until a change of ownership gives it keys, or empty
     * for a protocol whose regions cannot grow that way.
     */
    default Optional<NodeSlot> addedChainServer(RegionSetup setup, int index) {
        return Optional.empty();
    }

    /** What the region's entry node still waits for, in one line, for a region that does not settle. */
    String describe(ProtocolNode entry, long stopMicros);

    /** A copy of {@code node}'s counters and gauges, for metrics read on other threads. */
    NodeReading read(ProtocolNode node);

    /** The metric series region {@code local} shows, computed from its nodes' {@link #read readings}. */
    List<Series> series(ClusterConfig config, RegionId local);
}
