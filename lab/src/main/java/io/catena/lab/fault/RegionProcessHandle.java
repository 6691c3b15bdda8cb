package io.catena.lab.fault;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A {@code catena region} (or {@code catena node}, one process of a split region) running in its
 * own JVM, started from this JVM's class path (the lab jar, or a test's), with its output in files
 * next to its configuration, and its metrics endpoint to ask how it is doing.
 */
public final class RegionProcessHandle implements AutoCloseable {

    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    private final String region;
    private final Process process;
    private final Path stdout;
    private final Path stderr;
    private final InetSocketAddress metrics;

    private RegionProcessHandle(String region, Process process, Path stdout, Path stderr, InetSocketAddress metrics) {
        this.region = region;
        this.process = process;
        this.stdout = stdout;
        this.stderr = stderr;
        this.metrics = metrics;
    }

    public static RegionProcessHandle start(String region, Path config, InetSocketAddress metrics, String... extraArgs)
            throws IOException {
        List<String> args = new ArrayList<>(List.of("region", "--config", config.toString()));
        args.addAll(List.of(extraArgs));
        return launch(region, config, metrics, args);
    }

    /**
     * Starts {@code catena node} with {@code args} after its {@code --config}; {@code name} names
     * the process in output files and failure messages (appended to on a restart).
     */
    public static RegionProcessHandle node(String name, Path config, InetSocketAddress metrics, String... args)
            throws IOException {
        List<String> all = new ArrayList<>(List.of("node", "--config", config.toString()));
        all.addAll(List.of(args));
        return launch(name, config, metrics, all);
    }

    private static RegionProcessHandle launch(String name, Path config, InetSocketAddress metrics, List<String> args)
            throws IOException {
        Path dir = config.getParent();
        Path out = dir.resolve(name + ".out");
        Path err = dir.resolve(name + ".err");
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx512m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
                "-cp", System.getProperty("java.class.path"),
                "io.catena.lab.cli.CatenaCommand"));
        command.addAll(args);
        Process p = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.appendTo(out.toFile()))
                .redirectError(ProcessBuilder.Redirect.appendTo(err.toFile())).start();
        return new RegionProcessHandle(name, p, out, err, metrics);
    }

    /** Kills the process at once, as {@code kill -9} would: no shutdown hook runs. */
    public void kill() throws InterruptedException {
        process.destroyForcibly().waitFor();
    }

    /** Stops the process where it stands (SIGSTOP), as a long GC pause or a frozen VM would. */
    public void pause() throws IOException, InterruptedException {
        signal("STOP");
    }

    /** Lets a {@linkplain #pause paused} process go on (SIGCONT). */
    public void resume() throws IOException, InterruptedException {
        signal("CONT");
    }

    private void signal(String name) throws IOException, InterruptedException {
        int status = new ProcessBuilder("kill", "-" + name, String.valueOf(process.pid())).inheritIO().start().waitFor();
        if (status != 0) {
            throw new IOException("kill -" + name + " " + process.pid() + " failed with status " + status);
        }
    }

    /** Whether the process answers /health as a waiting standby coordinator. */
    public boolean standby() {
        return get("/health").filter(body -> body.contains("\"status\":\"STANDBY\"")).isPresent();
    }

    public String region() {
        return region;
    }

    /** Whether the region answers /health with every peer connected. */
    public boolean healthy() {
        return get("/health").filter(body -> body.contains("\"status\":\"UP\"")).isPresent();
    }

    /** The sum of a Prometheus metric's series (over nodes, peers…), if the region reports it. */
    public OptionalDouble metric(String name) {
        return metric(name, "");
    }

    /** The sum of those series of a metric whose labels include {@code label} (such as {@code node="own"}). */
    public OptionalDouble metric(String name, String label) {
        return get("/metrics").map(text -> {
            Matcher m = Pattern.compile("(?m)^" + Pattern.quote(name) + "\\{[^}]*" + Pattern.quote(label)
                    + "[^}]*} (\\S+)$").matcher(text);
            double sum = 0;
            boolean found = false;
            while (m.find()) {
                sum += Double.parseDouble(m.group(1));
                found = true;
            }
            return found ? OptionalDouble.of(sum) : OptionalDouble.empty();
        }).orElse(OptionalDouble.empty());
    }

    private java.util.Optional<String> get(String path) {
        try {
            HttpRequest request = HttpRequest.newBuilder(URI.create("http://" + metrics.getHostString() + ":"
                    + metrics.getPort() + path)).timeout(Duration.ofSeconds(2)).build();
            HttpResponse<String> r = HTTP.send(request, HttpResponse.BodyHandlers.ofString());
            return java.util.Optional.of(r.body());
        } catch (IOException e) {
            return java.util.Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return java.util.Optional.empty();
        }
    }

    public boolean alive() {
        return process.isAlive();
    }

    /** Stops the region as an operator would (SIGTERM); its exit code, or -1 if it had to be killed. */
    public int stop(Duration grace) throws InterruptedException {
        process.destroy();
        if (process.waitFor(grace.toMillis(), TimeUnit.MILLISECONDS)) {
            return process.exitValue();
        }
        process.destroyForcibly().waitFor();
        return -1;
    }

    /** What the process printed, for failure messages. */
    public String output() {
        try {
            return "--- " + region + " stdout\n" + Files.readString(stdout, StandardCharsets.UTF_8)
                    + "--- " + region + " stderr\n" + Files.readString(stderr, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "(output of " + region + " unreadable: " + e.getMessage() + ")";
        }
    }

    @Override
    public void close() {
        if (process.isAlive()) {
            try {
                stop(Duration.ofSeconds(10));
            } catch (InterruptedException e) {
                process.destroyForcibly();
                Thread.currentThread().interrupt();
            }
        }
    }
}
