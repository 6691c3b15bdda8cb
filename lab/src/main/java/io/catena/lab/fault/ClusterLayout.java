package io.catena.lab.fault;

import io.catena.core.wan.LatencyMatrix;

/**
 * What {@link ThreeRegionProcesses} starts: which protocol the regions run and what they preload,
 * whether the first region is split over processes, the fault tolerance they run with, and the
 * WAN between them, emulated inside each process or carried by Toxiproxy proxies.
 *
 * @param algorithm         {@code catena}, {@code 2pl}, {@code occ} or {@code helios}
 * @param preload           the workload whose initial rows every region loads, as the simulator names it
 * @param splitFirst        whether the first region runs as a coordinator's process and one per chain server
 * @param chainServer0Proxy whether the split region's processes reach chain server 0 through a proxy
 * @param faultTolerance    the regions' {@code faultTolerance}
 * @param wan               round trips between the regions, in {@link ThreeRegionProcesses#REGIONS} order
 * @param wanThroughProxies whether the round trips are carried by a proxy per direction of every
 *                          inter-region link ({@link WanLinks}) instead of each region's own
 *                          emulation of its outbound messages
 * @param standbyFirst      whether the first region's coordinator runs as two processes, a leader and
 *                          a standby, elected through a ZooKeeper server, over a Cassandra server
 *                          both reach (the other regions stay on the embedded store); with
 *                          {@code splitFirst} too, its chain-server processes reach that Cassandra
 *                          server as well, and follow whichever coordinator leads
 * @param storageNodes      the Cassandra nodes of that server, when it has a standby: one, or a
 *                          cluster of several on 127.0.0.x beside which a split region's chain
 *                          servers run, chain server {@code s} beside node {@code s mod storageNodes}
 */
public record ClusterLayout(String algorithm, String preload, boolean splitFirst, boolean chainServer0Proxy,
                            int faultTolerance, LatencyMatrix wan, boolean wanThroughProxies,
                            boolean standbyFirst, int storageNodes) {

    /** The small matrix the lab's process tests emulate: round trips of 20, 30 and 40 ms. */
    public static final LatencyMatrix SMALL_WAN = new LatencyMatrix("small", ThreeRegionProcesses.REGIONS,
            new long[][] {{0, 20_000, 30_000}, {20_000, 0, 40_000}, {30_000, 40_000, 0}});

    public ClusterLayout {
        if (storageNodes < 1 || storageNodes > 1 && !standbyFirst) {
            throw new IllegalArgumentException("only the first region's Cassandra server, with a standby, can have "
                    + "several storage nodes; got " + storageNodes);
        }
        if (chainServer0Proxy && !splitFirst) {
            throw new IllegalArgumentException("only a split region's chain server 0 can sit behind a proxy");
        }
        if (!wan.regions().equals(ThreeRegionProcesses.REGIONS)) {
            throw new IllegalArgumentException("the WAN matrix must name the regions " + ThreeRegionProcesses.REGIONS
                    + ", not " + wan.regions());
        }
    }

    /** One process per region, no fault tolerance, {@link #SMALL_WAN} emulated inside the processes. */
    public static ClusterLayout of(String algorithm, String preload) {
        return new ClusterLayout(algorithm, preload, false, false, 0, SMALL_WAN, false, false, 1);
    }

    /** This layout with the first region split over processes. */
    public ClusterLayout withFirstSplit() {
        return new ClusterLayout(algorithm, preload, true, chainServer0Proxy, faultTolerance, wan, wanThroughProxies,
                standbyFirst, storageNodes);
    }

    /** This layout, split, with chain server 0 reached through a proxy. */
    public ClusterLayout chainServer0Proxied() {
        return new ClusterLayout(algorithm, preload, true, true, faultTolerance, wan, wanThroughProxies, standbyFirst,
                storageNodes);
    }

    public ClusterLayout withFaultTolerance(int f) {
        return new ClusterLayout(algorithm, preload, splitFirst, chainServer0Proxy, f, wan, wanThroughProxies,
                standbyFirst, storageNodes);
    }

    /** This layout with {@code matrix}'s round trips carried by proxies. */
    public ClusterLayout wanThroughProxies(LatencyMatrix matrix) {
        return new ClusterLayout(algorithm, preload, splitFirst, chainServer0Proxy, faultTolerance, matrix, true,
                standbyFirst, storageNodes);
    }

    /** This layout with the first region's coordinator beside a standby, over Cassandra, elected through ZooKeeper. */
    public ClusterLayout withStandbyFirst() {
        return new ClusterLayout(algorithm, preload, splitFirst, chainServer0Proxy, faultTolerance, wan,
                wanThroughProxies, true, storageNodes);
    }

    /** This layout with the first region's Cassandra server a cluster of {@code nodes} nodes. */
    public ClusterLayout withStorageNodes(int nodes) {
        return new ClusterLayout(algorithm, preload, splitFirst, chainServer0Proxy, faultTolerance, wan,
                wanThroughProxies, standbyFirst, nodes);
    }

    /** Whether starting it needs a Toxiproxy server. */
    public boolean needsToxiproxy() {
        return chainServer0Proxy || wanThroughProxies;
    }
}
