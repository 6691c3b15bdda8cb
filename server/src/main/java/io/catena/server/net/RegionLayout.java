package io.catena.server.net;

import io.catena.core.id.NodeId;
import io.catena.wire.ProcessRole;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;

/**
 * Where a region's nodes run: in one process (the coordinator's, which then hosts every node), or
 * split, with chain server {@code i} in a process of its own at {@code chainServers.get(i)} and the
 * coordinator and resolver in the coordinator's process at {@code coordinator}. Every process of
 * the region derives the same layout from the same file, and {@code self} says which one it is.
 *
 * @param self         the process this layout is seen from
 * @param coordinator  where the coordinator's process listens (the region's address)
 * @param chainServers where each chain server's process listens; empty when they all run in the
 *                     coordinator's process
 * @param standbys     where the region's other coordinator processes listen, which take over from
 *                     the leading one: a chain-server process tries them all; empty without standbys
 */
public record RegionLayout(ProcessRole self, InetSocketAddress coordinator, List<InetSocketAddress> chainServers,
                           List<InetSocketAddress> standbys) {

    public RegionLayout {
        chainServers = List.copyOf(chainServers);
        standbys = List.copyOf(standbys);
        if (!self.isCoordinator() && self.index() >= chainServers.size()) {
            throw new IllegalArgumentException("the region lists " + chainServers.size() + " chain-server processes, "
                    + "so this process cannot be " + self);
        }
    }

    /** A region without standby coordinators. */
    public RegionLayout(ProcessRole self, InetSocketAddress coordinator, List<InetSocketAddress> chainServers) {
        this(self, coordinator, chainServers, List.of());
    }

    /** A region whose nodes all run in the coordinator's process, at {@code address}. */
    public static RegionLayout whole(InetSocketAddress address) {
        return new RegionLayout(ProcessRole.COORDINATOR, address, List.of());
    }

    /** The same region grown by chain-server processes {@code added}, after those it lists. */
    public RegionLayout grownBy(List<InetSocketAddress> added) {
        if (!split()) {
            throw new IllegalArgumentException("a region whose chain servers run in its coordinator's process grows "
                    + "only by a restart");
        }
        List<InetSocketAddress> all = new ArrayList<>(chainServers);
        all.addAll(added);
        return new RegionLayout(self, coordinator, all, standbys);
    }

    /** Whether the region's chain servers run in processes of their own. */
    public boolean split() {
        return !chainServers.isEmpty();
    }

    /** The process that runs {@code node} of this region. */
    public ProcessRole hostOf(NodeId node) {
        return split() && node.role() == NodeId.Role.CHAIN_SERVER ? ProcessRole.chainServer(node.index())
                : ProcessRole.COORDINATOR;
    }

    /** Whether this process runs {@code node} of this region. */
    public boolean hosts(NodeId node) {
        return hostOf(node).equals(self);
    }

    /** Where the process of {@code role} listens. */
    public InetSocketAddress address(ProcessRole role) {
        return role.isCoordinator() ? coordinator : chainServers.get(role.index());
    }

    /** Where the process of {@code role} may listen: for the coordinator's, each of the region's coordinator processes. */
    public List<InetSocketAddress> addresses(ProcessRole role) {
        if (!role.isCoordinator() || standbys.isEmpty()) {
            return List.of(address(role));
        }
        List<InetSocketAddress> all = new ArrayList<>();
        all.add(coordinator);
        all.addAll(standbys);
        return all;
    }

    /** Where this process listens. */
    public InetSocketAddress listenAddress() {
        return address(self);
    }

    /** Whether {@code role} names a process of this region other than this one. */
    public boolean isMember(ProcessRole role) {
        return !role.equals(self) && (role.isCoordinator() || role.index() < chainServers.size());
    }

    /** The region's other processes, the coordinator's first: those this process keeps a link to. */
    public List<ProcessRole> others() {
        List<ProcessRole> others = new ArrayList<>();
        if (split()) {
            others.add(ProcessRole.COORDINATOR);
            for (int i = 0; i < chainServers.size(); i++) {
                others.add(ProcessRole.chainServer(i));
            }
            others.remove(self);
        }
        return others;
    }
}
