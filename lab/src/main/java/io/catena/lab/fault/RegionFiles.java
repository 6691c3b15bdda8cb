package io.catena.lab.fault;

import io.catena.core.wan.LatencyMatrix;
import java.time.Instant;
import java.util.List;

/**
 * The YAML file each process of a {@link ThreeRegionProcesses} cluster reads. Every region's file
 * lists every region; with the WAN through proxies, a region lists each peer at the port of the
 * proxy it dials that peer through, and itself at its own, and emulates no WAN itself (addresses
 * and WAN emulation are a process's own business: the cluster fingerprint leaves them out).
 */
final class RegionFiles {

    private final ClusterLayout layout;
    private final ProcessPorts ports;
    private final Instant genesis;
    /** The first region's shared store and ZooKeeper, when its coordinator has a standby; else null. */
    private final StandbyServers standbyServers;

    RegionFiles(ClusterLayout layout, ProcessPorts ports, Instant genesis, StandbyServers standbyServers) {
        this.layout = layout;
        this.ports = ports;
        this.genesis = genesis;
        this.standbyServers = standbyServers;
    }

    /** The journal directory of the process named {@code name}, relative to the files. */
    static String journal(String name) {
        return "data-" + name;
    }

    /**
     * Region {@code i}'s file; with {@code chainServer0Proxied}, the split region's file lists chain
     * server 0 at its proxy's port (what its other processes read), otherwise at its own.
     */
    String region(int i, boolean chainServer0Proxied) {
        List<String> regions = ThreeRegionProcesses.REGIONS;
        StringBuilder yaml = new StringBuilder();
        yaml.append("cluster: ").append(ThreeRegionProcesses.CLUSTER).append('\n')
                .append("region: ").append(regions.get(i)).append('\n')
                .append("genesis: ").append(genesis).append('\n').append("regions:\n");
        for (int j = 0; j < regions.size(); j++) {
            int address = j == i || !layout.wanThroughProxies() ? ports.region(j) : ports.wanProxy(i, j);
            yaml.append("  - name: ").append(regions.get(j)).append('\n')
                    .append("    address: 127.0.0.1:").append(address).append('\n')
                    .append("    metrics: 127.0.0.1:").append(ports.regionMetrics(j).getPort()).append('\n');
            if (layout.splitFirst() && j == 0) {
                chainServers(yaml, chainServer0Proxied);
            }
            if (layout.standbyFirst() && j == 0) {
                yaml.append("    standbys:\n      - address: 127.0.0.1:").append(ports.standby()).append('\n')
                        .append("        metrics: 127.0.0.1:").append(ports.standbyMetrics().getPort()).append('\n');
            }
        }
        yaml.append("protocol:\n  chainServers: ").append(ThreeRegionProcesses.CHAIN_SERVERS)
                .append("\n  algorithm: ").append(layout.algorithm())
                .append("\n  faultTolerance: ").append(layout.faultTolerance()).append('\n');
        if (layout.standbyFirst() && i == 0) {
            yaml.append(standbyServers.storageAndZooKeeper());
        } else {
            yaml.append("storage:\n  journal: ").append(journal(regions.get(i))).append('\n');
        }
        if (!layout.wanThroughProxies()) {
            wanEmulation(yaml, layout.wan());
        }
        return yaml.toString();
    }

    private void chainServers(StringBuilder yaml, boolean chainServer0Proxied) {
        yaml.append("    chainServers:\n");
        for (int s = 0; s < ThreeRegionProcesses.CHAIN_SERVERS; s++) {
            int address = s == 0 && chainServer0Proxied ? ports.chainServer0Proxy() : ports.chainServer(s);
            yaml.append("      - address: 127.0.0.1:").append(address).append('\n')
                    .append("        metrics: 127.0.0.1:").append(ports.chainServerMetrics(s).getPort()).append('\n');
            if (layout.storageNodes() > 1) {
                yaml.append("        beside: ").append(standbyServers.storageNode(s % layout.storageNodes()))
                        .append('\n');
            }
        }
    }

    private static void wanEmulation(StringBuilder yaml, LatencyMatrix wan) {
        yaml.append("wan:\n  matrix:\n");
        for (long[] row : wan.rttMicros()) {
            yaml.append("    - [");
            for (int j = 0; j < row.length; j++) {
                yaml.append(j == 0 ? "" : ", ").append(row[j] / 1_000).append("ms");
            }
            yaml.append("]\n");
        }
        yaml.append("  jitter: 2%\n");
    }
}
