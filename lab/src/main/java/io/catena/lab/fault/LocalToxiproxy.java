package io.catena.lab.fault;

import eu.rekawek.toxiproxy.Proxy;
import eu.rekawek.toxiproxy.ToxiproxyClient;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Toxiproxy's server as a child process on loopback, for faults between real processes: a proxy
 * stands between two processes, and a scenario or a test cuts it, slows it or resets its
 * connections through the server's API ({@code toxiproxy-java}'s {@link ToxiproxyClient}).
 *
 * <p>The server is Shopify's, version {@value #VERSION}, built once with {@code go install} into
 * {@code ~/.cache/catena/} (the Go module proxy is one of the registries a fresh machine reaches);
 * {@code -Dcatena.toxiproxy=PATH} names a binary instead.
 */
public final class LocalToxiproxy implements AutoCloseable {

    public static final String VERSION = "v2.5.0";
    private static final String MODULE = "github.com/Shopify/toxiproxy/v2/cmd/server";
    private static final Duration START_TIMEOUT = Duration.ofSeconds(20);

    private final Process process;
    private final ToxiproxyClient client;

    private LocalToxiproxy(Process process, ToxiproxyClient client) {
        this.process = process;
        this.client = client;
    }

    /** Starts a server whose API listens on a free loopback port, and waits until it answers. */
    public static LocalToxiproxy start(Path logDirectory) throws IOException, InterruptedException {
        Path binary = binary();
        int port = ThreeRegionProcesses.freePorts(1)[0];
        Path log = logDirectory.resolve("toxiproxy.log");
        Process process = new ProcessBuilder(binary.toString(), "-host", "127.0.0.1", "-port", String.valueOf(port))
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
        LocalToxiproxy toxiproxy = new LocalToxiproxy(process, new ToxiproxyClient("127.0.0.1", port));
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        while (!toxiproxy.answers()) {
            if (!process.isAlive() || System.nanoTime() > deadline) {
                toxiproxy.close();
                throw new IllegalStateException("Toxiproxy did not answer on 127.0.0.1:" + port + " within "
                        + START_TIMEOUT.toSeconds() + " s; see " + log);
            }
            Thread.sleep(100);
        }
        return toxiproxy;
    }

    /**
     * A proxy named {@code name} from {@code listenPort} to {@code upstreamPort}, both on loopback,
     * enabled: {@link Proxy#disable()} cuts it (every connection through it closed, new ones
     * refused), {@link Proxy#toxics()} slows it or resets its connections.
     */
    public Proxy proxy(String name, int listenPort, int upstreamPort) throws IOException {
        return client.createProxy(name, "127.0.0.1:" + listenPort, "127.0.0.1:" + upstreamPort);
    }

    private boolean answers() {
        try {
            client.version();
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** The server's binary: the one named, or the one built before, or one built now. */
    private static Path binary() throws IOException, InterruptedException {
        String named = System.getProperty("catena.toxiproxy");
        if (named != null) {
            return Path.of(named);
        }
        Path cache = Path.of(System.getProperty("user.home"), ".cache", "catena", "toxiproxy-" + VERSION);
        Path binary = cache.resolve("toxiproxy-server");
        if (Files.isExecutable(binary)) {
            return binary;
        }
        Files.createDirectories(cache);
        Path gobin = Files.createTempDirectory(cache, "build");
        System.out.println("building Toxiproxy " + VERSION + " with go install into " + cache + " (once per machine)");
        ProcessBuilder build = new ProcessBuilder(List.of("go", "install", MODULE + "@" + VERSION))
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.INHERIT);
        build.environment().put("GOBIN", gobin.toString());
        Process go;
        try {
            go = build.start();
        } catch (IOException e) {
            throw new IllegalStateException("Toxiproxy " + VERSION + " is not at " + binary + " and go is not on the "
                    + "PATH to build it: install Go, or pass -Dcatena.toxiproxy=PATH to a toxiproxy-server " + VERSION,
                    e);
        }
        if (!go.waitFor(5, TimeUnit.MINUTES) || go.exitValue() != 0) {
            go.destroyForcibly();
            throw new IllegalStateException("go install " + MODULE + "@" + VERSION + " failed (its output is above); "
                    + "pass -Dcatena.toxiproxy=PATH to a toxiproxy-server " + VERSION + " instead");
        }
        Files.move(gobin.resolve("server"), binary, StandardCopyOption.ATOMIC_MOVE);
        Files.delete(gobin);
        return binary;
    }

    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(5, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
