package io.catena.lab.zookeeper;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * One Apache ZooKeeper server run as a child process of this JVM, standalone, on 127.0.0.1: the
 * ensemble of a region in the lab's clusters of real processes, which a test or a scenario can
 * kill with SIGKILL and start again. The server runs from this JVM's own classpath (the runtime
 * carries ZooKeeper for its Curator client), so nothing is downloaded.
 *
 * <p>Everything lives in its directory: the generated {@code zoo.cfg}, the snapshots and
 * transaction logs, and {@code zookeeper.log}, appended to across restarts. Its port is chosen
 * free when the instance is made and kept, so {@link #start()} after {@link #kill()} brings back
 * the same server with the same data and sessions, as a restarted ensemble member would.
 * Methods are synchronized; one instance per directory.
 */
public final class LocalZooKeeper implements AutoCloseable {

    /** Short ticks, so sessions can be short: ZooKeeper caps a session at 20 ticks. */
    private static final int TICK_MILLIS = 500;
    private static final Duration START_TIMEOUT = Duration.ofSeconds(30);

    private final Path directory;
    private final int port;
    private Process process;

    private LocalZooKeeper(Path directory, int port) {
        this.directory = directory.toAbsolutePath();
        this.port = port;
    }

    /** A server whose data and log go under {@code directory}, on a free port; not started yet. */
    public static LocalZooKeeper inDirectory(Path directory) throws IOException {
        Files.createDirectories(directory.resolve("data"));
        try (ServerSocket free = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return new LocalZooKeeper(directory, free.getLocalPort());
        }
    }

    /** Starts the server and returns once it serves clients; throws with its log's tail if it does not. */
    public synchronized void start() throws IOException, InterruptedException {
        if (process != null && process.isAlive()) {
            return;
        }
        Path config = directory.resolve("zoo.cfg");
        Files.writeString(config, String.join("\n",
                "tickTime=" + TICK_MILLIS,
                "dataDir=" + directory.resolve("data"),
                "clientPort=" + port,
                "clientPortAddress=127.0.0.1",
                "maxSessionTimeout=" + 20 * TICK_MILLIS * 4,
                "admin.enableServer=false",
                "4lw.commands.whitelist=ruok",
                ""));
        Path log = directory.resolve("zookeeper.log");
        process = new ProcessBuilder(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx128m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
                "-cp", System.getProperty("java.class.path"),
                "org.apache.zookeeper.server.ZooKeeperServerMain", config.toString()))
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        while (!answersRuok()) {
            if (!process.isAlive() || System.nanoTime() > deadline) {
                String tail = tail(log);
                kill();
                throw new IOException("ZooKeeper did not come up on 127.0.0.1:" + port + " within "
                        + START_TIMEOUT.toSeconds() + " s; the end of " + log + ":\n" + tail);
            }
            Thread.sleep(100);
        }
    }

    /** Kills the server at once, as {@code kill -9} would; its data stays for the next {@link #start()}. */
    public synchronized void kill() throws InterruptedException {
        if (process != null) {
            process.destroyForcibly().waitFor();
            process = null;
        }
    }

    /** {@code 127.0.0.1:PORT}, for a client's connect string. */
    public String connectString() {
        return "127.0.0.1:" + port;
    }

    /** Whether the server answers ZooKeeper's {@code ruok} with {@code imok}. */
    private boolean answersRuok() {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 500);
            socket.setSoTimeout(1_000);
            socket.getOutputStream().write("ruok".getBytes(StandardCharsets.US_ASCII));
            byte[] answer = socket.getInputStream().readNBytes(4);
            return "imok".equals(new String(answer, StandardCharsets.US_ASCII));
        } catch (IOException e) {
            return false;
        }
    }

    private static String tail(Path log) {
        try {
            List<String> lines = Files.readAllLines(log);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 30), lines.size()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Stops the server (SIGTERM, then SIGKILL after 10 s, or at once if this thread is interrupted). */
    @Override
    public synchronized void close() {
        if (process != null) {
            process.destroy();
            try {
                if (!process.waitFor(10, TimeUnit.SECONDS)) {
                    process.destroyForcibly();
                }
            } catch (InterruptedException e) {
                process.destroyForcibly();
                Thread.currentThread().interrupt();
            }
            process = null;
        }
    }
}
