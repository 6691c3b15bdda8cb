package io.catena.lab.fault;

import java.io.IOException;
import java.net.InetSocketAddress;

/**
 * The loopback ports of a {@link ThreeRegionProcesses} cluster, all free when allocated: each
 * region's address and metrics, each chain-server process's of a split first region, the proxy
 * in front of chain server 0, and one proxy per direction of every inter-region link.
 */
final class ProcessPorts {

    private final int regionCount;
    private final int chainServerCount;
    private final int[] ports;

    private ProcessPorts(int regionCount, int chainServerCount, int[] ports) {
        this.regionCount = regionCount;
        this.chainServerCount = chainServerCount;
        this.ports = ports;
    }

    static ProcessPorts allocate(int regionCount, int chainServerCount) throws IOException {
        int count = 2 * regionCount + 2 * chainServerCount + 1 + regionCount * regionCount + 2;
        return new ProcessPorts(regionCount, chainServerCount, ThreeRegionProcesses.freePorts(count));
    }

    /** Region {@code i}'s address, where its clients and peers connect. */
    int region(int i) {
        return ports[i];
    }

    int[] regions() {
        int[] regions = new int[regionCount];
        System.arraycopy(ports, 0, regions, 0, regionCount);
        return regions;
    }

    InetSocketAddress regionMetrics(int i) {
        return loopback(ports[regionCount + i]);
    }

    int chainServer(int index) {
        return ports[2 * regionCount + index];
    }

    InetSocketAddress chainServerMetrics(int index) {
        return loopback(ports[2 * regionCount + chainServerCount + index]);
    }

    int chainServer0Proxy() {
        return ports[2 * regionCount + 2 * chainServerCount];
    }

    /** The port of the proxy through which region {@code from} dials region {@code to}. */
    int wanProxy(int from, int to) {
        return ports[2 * regionCount + 2 * chainServerCount + 1 + from * regionCount + to];
    }

    /** {@link #wanProxy} of every pair, indexed [from][to]. */
    int[][] wanProxies() {
        int[][] all = new int[regionCount][regionCount];
        for (int from = 0; from < regionCount; from++) {
            for (int to = 0; to < regionCount; to++) {
                all[from][to] = wanProxy(from, to);
            }
        }
        return all;
    }

    /** Where the first region's standby coordinator listens, when it has one. */
    int standby() {
        return ports[ports.length - 2];
    }

    InetSocketAddress standbyMetrics() {
        return loopback(ports[ports.length - 1]);
    }

    private static InetSocketAddress loopback(int port) {
        return new InetSocketAddress("127.0.0.1", port);
    }
}
