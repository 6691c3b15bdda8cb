package io.catena.server.region;

import io.catena.core.config.ClusterConfig;
import io.catena.core.id.RegionId;
import io.catena.server.config.ChainServerSettings;
import io.catena.server.host.MicrosClock;
import io.catena.server.net.RegionLayout;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Everything a region process needs to run, already validated: the cluster it belongs to, which
 * region it is, where every region listens, how its connections are made, and what it may hold.
 *
 * @param cluster               what every region of the cluster shares
 * @param region                this process's region
 * @param addresses             where each region listens, in cluster order; this region's entry is
 *                              where this process listens (a chain server's address if it is one)
 * @param links                 how connections are made, WAN emulation included
 * @param maxCoordinatorBacklog client requests are refused as overloaded beyond this backlog
 * @param nodeThreads           threads the region's nodes share (see {@link #defaultNodeThreads})
 * @param layout                which of the region's nodes this process runs, and where the others
 *                              run: all of them, at the region's address, unless the region is split
 * @param beside                for each chain server, the storage node ({@code host:port} as the store
 *                              names it) it runs beside, if the file names one
 * @param standbys              for each region, in cluster order, where its standby coordinators
 *                              listen: a link to a peer region tries its address, then these
 * @param chainServerMemoryBytes the estimated bytes of cached partitions this process's chain
 *                              servers of the region keep, shared evenly among them (see
 *                              {@link ChainServerSettings})
 */
public record RegionSettings(ClusterIdentity cluster, RegionId region, List<InetSocketAddress> addresses,
                             LinkSettings links, int maxCoordinatorBacklog, int nodeThreads, RegionLayout layout,
                             List<Optional<String>> beside, List<List<InetSocketAddress>> standbys,
                             long chainServerMemoryBytes) {

    public static final int DEFAULT_MAX_COORDINATOR_BACKLOG = 20_000;

    public RegionSettings {
        addresses = List.copyOf(addresses);
        if (addresses.size() != cluster.protocol().regionCount()) {
            throw new IllegalArgumentException("the cluster has " + cluster.protocol().regionCount() + " regions but "
                    + addresses.size() + " addresses");
        }
        if (region.index() >= cluster.protocol().regionCount()) {
            throw new IllegalArgumentException("region " + region + " is not in the cluster");
        }
        if (nodeThreads < 1) {
            throw new IllegalArgumentException("a region needs at least one node thread, not " + nodeThreads);
        }
        if (layout == null) {
            layout = RegionLayout.whole(addresses.get(region.index()));
        }
        beside = beside == null ? List.of() : List.copyOf(beside);
        standbys = standbys == null ? addresses.stream().map(a -> List.<InetSocketAddress>of()).toList()
                : standbys.stream().map(List::copyOf).toList();
        if (standbys.size() != addresses.size()) {
            throw new IllegalArgumentException("standbys are listed for " + standbys.size() + " regions, not "
                    + addresses.size());
        }
    }

    /** A region whose nodes all run in this process. */
    public RegionSettings(ClusterIdentity cluster, RegionId region, List<InetSocketAddress> addresses,
                          LinkSettings links, int maxCoordinatorBacklog, int nodeThreads) {
        this(cluster, region, addresses, links, maxCoordinatorBacklog, nodeThreads, null, null, null,
                ChainServerSettings.heapShare());
    }

    /** The clock this region's protocol nodes read: the cluster clock, the region's epoch offset ahead. */
    public MicrosClock protocolClock() {
        return cluster.protocolClock(region);
    }

    /** The cluster-wide protocol settings. */
    public ClusterConfig protocol() {
        return cluster.protocol();
    }

    /**
     * Threads for a region that has this machine to itself: the coordinator and resolver share
     * one, and the chain servers, which do most of the work and do it independently, spread over
     * the remaining cores.
     */
    public static int defaultNodeThreads(ClusterConfig protocol) {
        int cores = Runtime.getRuntime().availableProcessors();
        return Math.max(1, Math.min(cores, 1 + protocol.chainServersPerRegion()));
    }

    public String regionName() {
        return protocol().regionName(region);
    }

    /** Where region {@code peer}'s coordinator processes listen: its address first, then its standbys. */
    public List<InetSocketAddress> coordinatorsOf(RegionId peer) {
        List<InetSocketAddress> all = new ArrayList<>();
        all.add(addresses.get(peer.index()));
        all.addAll(standbys.get(peer.index()));
        return all;
    }

    /** Where this process listens: the region's address, or its chain server's in a split region. */
    public InetSocketAddress listenAddress() {
        return addresses.get(region.index());
    }
}
