package io.catena.lab.process;

import static org.assertj.core.api.Assertions.assertThat;

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
 * healthy, or the test fails with their output.
 */
final class ThreeRegionProcesses implements AutoCloseable {

    static final List<String> REGIONS = List.of("us-central1", "europe-west1", "asia-east1");
    static final String CLUSTER = "e2e";

    private final int[] ports;
    private final List<RegionProcessHandle> regions = new ArrayList<>();

    private ThreeRegionProcesses(int[] ports) {
        this.ports = ports;
    }

    /**
     * Starts the regions running {@code algorithm}, each preloading {@code preload}, and waits
     * (60 s at most) until every one reports healthy.
     */
    static ThreeRegionProcesses start(Path dir, String algorithm, String preload) throws Exception {
        ThreeRegionProcesses cluster = new ThreeRegionProcesses(freePorts(2 * REGIONS.size()));
        Instant genesis = Instant.now().plusSeconds(2).truncatedTo(ChronoUnit.SECONDS);
        try {
            for (int i = 0; i < REGIONS.size(); i++) {
                Path config = dir.resolve(REGIONS.get(i) + ".yaml");
                Files.writeString(config, cluster.configFile(REGIONS.get(i), genesis, algorithm));
                cluster.regions.add(RegionProcessHandle.start(REGIONS.get(i), config,
                        new InetSocketAddress("127.0.0.1", cluster.ports[REGIONS.size() + i]), "--preload", preload));
            }
            assertThat(waitFor(Duration.ofSeconds(60), () -> cluster.regions.stream()
                    .allMatch(RegionProcessHandle::healthy))).as("all regions healthy; output:\n%s", cluster.outputs())
                    .isTrue();
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

    List<RegionProcessHandle> regions() {
        return regions;
    }

    String outputs() {
        StringBuilder all = new StringBuilder();
        regions.forEach(r -> all.append(r.output()));
        return all.toString();
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
    public void close() throws InterruptedException {
        for (RegionProcessHandle r : regions) {
            r.close();
        }
    }

    private String configFile(String region, Instant genesis, String algorithm) {
        StringBuilder yaml = new StringBuilder();
        yaml.append("cluster: ").append(CLUSTER).append('\n').append("region: ").append(region).append('\n')
                .append("genesis: ").append(genesis).append('\n').append("regions:\n");
        for (int i = 0; i < REGIONS.size(); i++) {
            yaml.append("  - name: ").append(REGIONS.get(i)).append('\n')
                    .append("    address: 127.0.0.1:").append(ports[i]).append('\n')
                    .append("    metrics: 127.0.0.1:").append(ports[REGIONS.size() + i]).append('\n');
        }
        yaml.append("protocol:\n  chainServers: 2\n  algorithm: ").append(algorithm).append('\n')
                .append("storage:\n  journal: data-").append(region).append('\n')
                .append("wan:\n  matrix:\n    - [0ms, 20ms, 30ms]\n    - [20ms, 0ms, 40ms]\n    - [30ms, 40ms, 0ms]\n")
                .append("  jitter: 2%\n");
        return yaml.toString();
    }

    private static int[] freePorts(int count) throws IOException {
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
