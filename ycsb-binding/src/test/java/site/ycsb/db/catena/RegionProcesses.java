package site.ycsb.db.catena;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;

/**
 * Three {@code catena region} processes on this machine (the runtime's own command, from this
 * JVM's class path), each configured by a file of its own as an operator would, linked over
 * loopback without WAN emulation. Closing kills the processes it started.
 */
final class RegionProcesses implements AutoCloseable {

    static final String CLUSTER = "ycsb3";
    static final List<String> REGIONS = List.of("us", "eu", "asia");
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    private final List<Process> processes = new ArrayList<>();
    private final List<Integer> ports = new ArrayList<>();
    private final List<Integer> metricsPorts = new ArrayList<>();
    private final Path dir;

    private RegionProcesses(Path dir) {
        this.dir = dir;
    }

    /** Starts the three regions with one genesis and waits until each reports every peer connected. */
    static RegionProcesses start(Path dir) throws IOException, InterruptedException {
        RegionProcesses c = new RegionProcesses(dir);
        try {
            c.launch();
            c.awaitHealthy(Duration.ofSeconds(60));
        } catch (IOException | InterruptedException | RuntimeException e) {
            c.close();
            throw e;
        }
        return c;
    }

    String url(int region) {
        return "catena://127.0.0.1:" + ports.get(region) + "/" + CLUSTER + "?region=" + REGIONS.get(region);
    }

    private void launch() throws IOException {
        for (int i = 0; i < 2 * REGIONS.size(); i++) {
            try (ServerSocket s = new ServerSocket(0)) {
                (i < REGIONS.size() ? ports : metricsPorts).add(s.getLocalPort());
            }
        }
        String genesis = Instant.now().plusSeconds(3).truncatedTo(ChronoUnit.SECONDS).toString();
        for (int r = 0; r < REGIONS.size(); r++) {
            Path config = dir.resolve(REGIONS.get(r) + ".yaml");
            Files.writeString(config, config(REGIONS.get(r)));
            List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                    .toString(), "-Xmx384m", "-XX:+UseSerialGC", "-cp", System.getProperty("java.class.path"),
                    "io.catena.server.cli.ServerCommand", "region", "--config", config.toString(), "--genesis", genesis));
            processes.add(new ProcessBuilder(command)
                    .redirectOutput(dir.resolve(REGIONS.get(r) + ".out").toFile())
                    .redirectError(dir.resolve(REGIONS.get(r) + ".err").toFile()).start());
        }
    }

    private String config(String region) {
        StringBuilder yaml = new StringBuilder("cluster: " + CLUSTER + "\nregion: " + region + "\nregions:\n");
        for (int r = 0; r < REGIONS.size(); r++) {
            yaml.append("  - name: ").append(REGIONS.get(r)).append("\n    address: 127.0.0.1:").append(ports.get(r))
                    .append("\n    metrics: 127.0.0.1:").append(metricsPorts.get(r)).append('\n');
        }
        return yaml.toString();
    }

    private void awaitHealthy(Duration timeout) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        for (int r = 0; r < REGIONS.size(); r++) {
            while (!healthy(r)) {
                if (System.nanoTime() > deadline || !processes.get(r).isAlive()) {
                    throw new IllegalStateException("region " + REGIONS.get(r) + " did not come up with its peers; its"
                            + " log:\n" + Files.readString(dir.resolve(REGIONS.get(r) + ".err")));
                }
                Thread.sleep(200);
            }
        }
    }

    private boolean healthy(int region) throws InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + metricsPorts.get(region)
                + "/health")).timeout(Duration.ofSeconds(2)).build();
        try {
            return HTTP.send(request, HttpResponse.BodyHandlers.ofString()).body().contains("\"status\":\"UP\"");
        } catch (IOException e) {
            return false;
        }
    }

    @Override
    public void close() {
        for (Process p : processes) {
            p.destroyForcibly();
        }
        for (Process p : processes) {
            try {
                p.waitFor();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
