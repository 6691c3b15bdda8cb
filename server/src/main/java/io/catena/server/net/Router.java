package io.catena.server.net;

import io.catena.core.id.NodeId;
import io.catena.core.id.RegionId;
import io.catena.core.message.Message;
import io.catena.server.host.MessageRoute;
import io.catena.server.host.NodeRunner;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReferenceArray;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Routes every message a region process handles: between the nodes this process runs in memory,
 * to the region's nodes in its other processes over the link to the process that runs each
 * ({@link RegionLayout}), to peer regions over their {@link PeerLink}s, and back to clients (a
 * chain-server process sends its clients' messages on to the coordinator's process, which holds
 * their connections). Threading: any thread; the maps are filled before traffic starts.
 */
public final class Router implements MessageRoute {

    private static final Logger log = LoggerFactory.getLogger(Router.class);

    private final RegionId local;
    private final Map<NodeId, NodeRunner> nodes = new ConcurrentHashMap<>();
    /** This region's nodes that run in other processes, by the link to the process that runs each. */
    private final Map<NodeId, PeerLink> members = new ConcurrentHashMap<>();
    private volatile PeerLink coordinatorProcess;
    private final AtomicReferenceArray<PeerLink> links;
    private final ClientConnections clients;
    private final AtomicLong unroutable = new AtomicLong();
    private final AtomicLong beforeLinked = new AtomicLong();

    public Router(RegionId local, int regions, ClientConnections clients) {
        this.local = local;
        this.links = new AtomicReferenceArray<>(regions);
        this.clients = clients;
    }

    public void addNode(NodeRunner runner) {
        nodes.put(runner.id(), runner);
    }

    public void addLink(RegionId peer, PeerLink link) {
        links.set(peer.index(), link);
    }

    /** Routes messages to {@code node} of this region over {@code link}, to the process that runs it. */
    public void addMember(NodeId node, PeerLink link) {
        members.put(node, link);
        if (node.role() == NodeId.Role.COORDINATOR) {
            coordinatorProcess = link;
        }
    }

    public RegionId localRegion() {
        return local;
    }

    @Override
    public void route(NodeId from, NodeId to, Message message) {
        if (!to.region().equals(local)) {
            int peer = to.region().index();
            PeerLink link = peer < links.length() ? links.get(peer) : null;
            if (peer >= links.length()) {
                dropUnroutable(from, to, message);
            } else if (link == null) {
                // Nodes start before the links are made; the protocol resends what matters.
                beforeLinked.incrementAndGet();
            } else {
                link.send(from, to, message);
            }
        } else if (to.role() == NodeId.Role.CLIENT) {
            PeerLink coordinator = coordinatorProcess;
            if (coordinator == null) {
                clients.send(to, message);
            } else {
                coordinator.send(from, to, message);
            }
        } else {
            PeerLink member = members.get(to);
            if (member == null) {
                deliverLocal(from, to, message);
            } else {
                member.send(from, to, message);
            }
        }
    }

    /**
     * Hands a message to one of this process's nodes; false if there is no such node (the sender
     * addressed something this region does not run).
     */
    public boolean deliverLocal(NodeId from, NodeId to, Message message) {
        NodeRunner runner = nodes.get(to);
        if (runner == null) {
            dropUnroutable(from, to, message);
            return false;
        }
        runner.deliver(from, message);
        return true;
    }

    /** The runner of a local node, or null. */
    public NodeRunner node(NodeId id) {
        return nodes.get(id);
    }

    private void dropUnroutable(NodeId from, NodeId to, Message message) {
        if (unroutable.getAndIncrement() % 1_000 == 0) {
            log.warn("dropped {} from {} to {}: no such node in this cluster (counted: {})", message.type(), from, to,
                    unroutable.get());
        }
    }

    public long unroutable() {
        return unroutable.get();
    }

    /** Messages to peer regions sent before the region connected to them, dropped. */
    public long beforeLinked() {
        return beforeLinked.get();
    }
}
