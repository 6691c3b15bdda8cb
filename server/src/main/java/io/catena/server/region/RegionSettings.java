package io.catena.server.region;

import io.catena.baselines.Protocol;
import io.catena.core.config.ClusterConfig;
import io.catena.core.id.RegionId;
import io.catena.server.config.ClusterFingerprint;
import io.catena.server.host.MicrosClock;
import io.catena.server.net.ChannelSetup;
import io.catena.server.net.WanEmulation;
import java.net.InetSocketAddress;
import java.util.List;

/**
 * Everything a region process needs to run, already validated: the cluster's name and protocol
 * settings, which region it is, where every region listens, how connections are set up, and
 * whether its outbound links emulate a WAN.
 *
 * @param cluster               the cluster name peers must share
 * @param protocol              the cluster-wide protocol settings
 * @param region                this process's region
 * @param addresses             where each region listens, in cluster order
 * @param channels              framing, codec and TLS of every connection
 * @param wan                   WAN emulation on outbound inter-region links, or null for none
 * @param maxCoordinatorBacklog client requests are refused as overloaded beyond this backlog
 * @param sendQueueFrames       frames each peer link holds on their way out before it sheds new ones
 * @param nodeThreads           threads the region's nodes share (see {@link #defaultNodeThreads})
 * @param genesisMicros         when the cluster's epoch 1 begins, in microseconds since the Unix
 *                              epoch; the same in every region
 * @param algorithm             which protocol the region runs: Catena, or a comparison baseline
 */
public record RegionSettings(String cluster, ClusterConfig protocol, RegionId region, List<InetSocketAddress> addresses,
                             ChannelSetup channels, WanEmulation wan, int maxCoordinatorBacklog,
                             int sendQueueFrames, int nodeThreads, long genesisMicros, Protocol algorithm) {

    public static final int DEFAULT_MAX_COORDINATOR_BACKLOG = 20_000;

    public RegionSettings {
        addresses = List.copyOf(addresses);
        if (addresses.size() != protocol.regionCount()) {
            throw new IllegalArgumentException("the cluster has " + protocol.regionCount() + " regions but "
                    + addresses.size() + " addresses");
        }
        if (region.index() >= protocol.regionCount()) {
            throw new IllegalArgumentException("region " + region + " is not in the cluster");
        }
        if (sendQueueFrames < 1) {
            throw new IllegalArgumentException("a peer link must queue at least one frame, not " + sendQueueFrames);
        }
        if (algorithm == null) {
            throw new IllegalArgumentException("a region runs Catena or a baseline protocol, not null");
        }
        if (nodeThreads < 1) {
            throw new IllegalArgumentException("a region needs at least one node thread, not " + nodeThreads);
        }
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

    /** The clock this region's nodes read: time since the cluster's genesis. */
    public MicrosClock protocolClock() {
        return MicrosClock.system().since(genesisMicros);
    }

    public String regionName() {
        return protocol.regionName(region);
    }

    /** What every region of the cluster must share, as peers compare it at handshake. */
    public ClusterFingerprint fingerprint() {
        return ClusterFingerprint.of(cluster, protocol, algorithm);
    }

    public InetSocketAddress listenAddress() {
        return addresses.get(region.index());
    }
}
