package io.catena.lab.process;

import static org.assertj.core.api.Assertions.assertThat;

import eu.rekawek.toxiproxy.Proxy;
import io.catena.client.Catena;
import io.catena.client.Connection;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * Three {@code catena region} processes on loopback, each configured from its own YAML file in
 * {@code dir} and keeping its journal there, with the WAN emulated between them; started and
 * healthy, or the test fails with their output. The first region may instead run as three
 * {@code catena node} processes: its coordinator's, and one for each of its two chain servers.
 */
final class ThreeRegionProcesses implements AutoCloseable {

    static final List<String> REGIONS = List.of("us-central1", "europe-west1", "asia-east1");
    static final String CLUSTER = "e2e";
    /** Chain servers per region, and so the chain-server processes of a split first region. */
    static final int CHAIN_SERVERS = 2;

    private final int[] ports;
    private final boolean splitFirst;
    private final List<RegionProcessHandle> regions = new ArrayList<>();
    private final List<RegionProcessHandle> chainServers = new ArrayList<>();

    private final Path dir;
    private Proxy chainServer0Link;
    /** Where the split region's other processes reach chain server 0: its own port, or a proxy's. */
    private int chainServer0Dialed;

    private ThreeRegionProcesses(Path dir, int[] ports, boolean splitFirst) {
        this.dir = dir;
        this.ports = ports;
        this.splitFirst = splitFirst;
        this.chainServer0Dialed = chainServerPort(0);
    }

    /**
     * Starts the regions running {@code algorithm}, each preloading {@code preload}, and waits
     * (60 s at most) until every one reports healthy.
     */
    static ThreeRegionProcesses start(Path dir, String algorithm, String preload) throws Exception {
        return start(dir, algorithm, preload, false);
    }

    /**
     * As {@link #start(Path, String, String)}; with {@code splitFirst}, the first region's chain
     * servers run in processes of their own ({@link #chainServers()}).
     */
    static ThreeRegionProcesses start(Path dir, String algorithm, String preload, boolean splitFirst)
            throws Exception {
        return start(dir, algorithm, preload, splitFirst, null);
    }

    /**
     * As {@link #start(Path, String, String, boolean)}, the split region's other processes reaching
     * chain server 0 through a proxy of {@code toxiproxy} ({@link #chainServer0Link()}): their file
     * lists the proxy's port for it, its own its real one.
     */
    static ThreeRegionProcesses start(Path dir, String algorithm, String preload, boolean splitFirst,
                                      LocalToxiproxy toxiproxy) throws Exception {
        ThreeRegionProcesses cluster = new ThreeRegionProcesses(dir,
                freePorts(2 * REGIONS.size() + 2 * CHAIN_SERVERS + 1), splitFirst);
        Instant genesis = Instant.now().plusSeconds(2).truncatedTo(ChronoUnit.SECONDS);
        try {
            if (toxiproxy != null) {
                int proxyPort = cluster.ports[cluster.ports.length - 1];
                cluster.chainServer0Link = toxiproxy.proxy("chain-server-0", proxyPort, cluster.chainServerPort(0));
                cluster.chainServer0Dialed = proxyPort;
                Files.writeString(cluster.chainServerConfig(0), cluster.configFile(REGIONS.get(0), genesis, algorithm,
                        cluster.chainServerPort(0)));
            }
            for (int i = 0; i < REGIONS.size(); i++) {
                Path config = dir.resolve(REGIONS.get(i) + ".yaml");
                Files.writeString(config, cluster.configFile(REGIONS.get(i), genesis, algorithm,
                        cluster.chainServer0Dialed));
                InetSocketAddress metrics = new InetSocketAddress("127.0.0.1", cluster.ports[REGIONS.size() + i]);
                if (splitFirst && i == 0) {
                    cluster.regions.add(RegionProcessHandle.node(REGIONS.get(i), config, metrics, "--role",
                            "coordinator", "--preload", preload));
                    for (int s = 0; s < CHAIN_SERVERS; s++) {
                        cluster.chainServers.add(cluster.startChainServer(s, preload));
                    }
                } else {
                    cluster.regions.add(RegionProcessHandle.start(REGIONS.get(i), config, metrics, "--preload",
                            preload));
                }
            }
            assertThat(waitFor(Duration.ofSeconds(60), cluster::healthy)).as("all regions healthy; output:\n%s",
                    cluster.outputs()).isTrue();
            return cluster;
        } catch (Exception | AssertionError e) {
            cluster.close();
            throw e;
        }
    }

    /** A client URL of region {@code i}, with budgets for a loaded two-core machine. */
    String url(int i) {
        return "catena://127.0.0.1:" + ports[i] + "/" + CLUSTER + "?region=" + REGIONS.get(i)
                + "&connectTimeout=10s&timeout=20s";
    }

    /** A client connection to each region, in region order. */
    List<Connection> connectClients() {
        List<Connection> connections = new ArrayList<>();
        for (int i = 0; i < REGIONS.size(); i++) {
            connections.add(Catena.connect(url(i)));
        }
        return connections;
    }

    List<RegionProcessHandle> regions() {
        return regions;
    }

    /** The first region's chain-server processes, when it is split. */
    List<RegionProcessHandle> chainServers() {
        return chainServers;
    }

    /** Starts (or starts again) chain server {@code index} of the split first region. */
    RegionProcessHandle startChainServer(int index, String preload) throws IOException {
        return RegionProcessHandle.node(REGIONS.get(0) + "-cs" + index, chainServerConfig(index),
                chainServerMetrics(index), "--role", "chain-server", "--index", String.valueOf(index), "--preload",
                preload);
    }

    /** The proxy between chain server 0 and the processes that call it, when started with one. */
    Proxy chainServer0Link() {
        return chainServer0Link;
    }

    /** The file chain server {@code index}'s process reads: the region's, but chain server 0's own behind a proxy. */
    private Path chainServerConfig(int index) {
        boolean ownView = index == 0 && chainServer0Dialed != chainServerPort(0);
        return dir.resolve(REGIONS.get(0) + (ownView ? "-cs0" : "") + ".yaml");
    }

    /** Whether every process reports healthy: linked to every peer region and process it should be. */
    boolean healthy() {
        return regions.stream().allMatch(RegionProcessHandle::healthy)
                && chainServers.stream().allMatch(RegionProcessHandle::healthy);
    }

    String outputs() {
        StringBuilder all = new StringBuilder();
        regions.forEach(r -> all.append(r.output()));
        chainServers.forEach(r -> all.append(r.output()));
        return all.toString();
    }

    private int chainServerPort(int index) {
        return ports[2 * REGIONS.size() + index];
    }

    private InetSocketAddress chainServerMetrics(int index) {
        return new InetSocketAddress("127.0.0.1", ports[2 * REGIONS.size() + CHAIN_SERVERS + index]);
    }

    /** Waits (polling every 100 ms) until {@code condition} holds or {@code timeout} has passed. */
    static boolean waitFor(Duration timeout, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (condition.getAsBoolean()) {
                return true;
            }
            Thread.sleep(100);
        }
        return condition.getAsBoolean();
    }

    @Override
    public void close() {
        for (RegionProcessHandle r : chainServers) {
            r.close();
        }
        for (RegionProcessHandle r : regions) {
            r.close();
        }
    }

    /** A region's file; the split region lists chain server 0 at {@code chainServer0Port}. */
    private String configFile(String region, Instant genesis, String algorithm, int chainServer0Port) {
        StringBuilder yaml = new StringBuilder();
        yaml.append("cluster: ").append(CLUSTER).append('\n').append("region: ").append(region).append('\n')
                .append("genesis: ").append(genesis).append('\n').append("regions:\n");
        for (int i = 0; i < REGIONS.size(); i++) {
            yaml.append("  - name: ").append(REGIONS.get(i)).append('\n')
                    .append("    address: 127.0.0.1:").append(ports[i]).append('\n')
                    .append("    metrics: 127.0.0.1:").append(ports[REGIONS.size() + i]).append('\n');
            if (splitFirst && i == 0) {
                yaml.append("    chainServers:\n");
                for (int s = 0; s < CHAIN_SERVERS; s++) {
                    yaml.append("      - address: 127.0.0.1:").append(s == 0 ? chainServer0Port : chainServerPort(s))
                            .append('\n')
                            .append("        metrics: 127.0.0.1:").append(chainServerMetrics(s).getPort()).append('\n');
                }
            }
        }
        yaml.append("protocol:\n  chainServers: ").append(CHAIN_SERVERS).append("\n  algorithm: ").append(algorithm)
                .append('\n')
                .append("storage:\n  journal: data-").append(region).append('\n')
                .append("wan:\n  matrix:\n    - [0ms, 20ms, 30ms]\n    - [20ms, 0ms, 40ms]\n    - [30ms, 40ms, 0ms]\n")
                .append("  jitter: 2%\n");
        return yaml.toString();
    }

    static int[] freePorts(int count) throws IOException {
        List<ServerSocket> sockets = new ArrayList<>();
        try {
            for (int i = 0; i < count; i++) {
                sockets.add(new ServerSocket(0, 1, InetAddress.getLoopbackAddress()));
            }
            return sockets.stream().mapToInt(ServerSocket::getLocalPort).toArray();
        } finally {
            for (ServerSocket s : sockets) {
                s.close();
            }
        }
    }
}
