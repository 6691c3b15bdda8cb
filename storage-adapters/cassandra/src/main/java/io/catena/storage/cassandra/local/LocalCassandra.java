package io.catena.storage.cassandra.local;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * One Apache Cassandra daemon run as a child process of this JVM: a single-node cluster on
 * 127.0.0.1 ({@link #inDirectory}), what the demo starts for each region and what this module's
 * tests run against, or one node of a {@link LocalCassandraCluster} on its own loopback address.
 *
 * <p>The daemon keeps everything in its data directory: the generated {@code conf/cassandra.yaml},
 * the data files, and its log ({@code cassandra.log}, appended to across restarts). Its three
 * ports are chosen free when the instance is made and kept for its life, so {@link #start()} after
 * {@link #stop()} or {@link #kill()} brings back the same node on the same ports with the same
 * data, as a restarted server would be.
 *
 * <p><b>Lifecycle.</b> {@link #start()} returns once the native port answers CQL, or throws with
 * the last lines of the log if the daemon dies or does not come up in time. A JVM shutdown hook
 * stops a running daemon, so none outlives this process (a SIGKILL of this JVM is the exception:
 * nothing can run then). Methods are synchronized; one instance per data directory.
 */
public final class LocalCassandra implements AutoCloseable {

    /** How long a start may take by default; a cold first start on a busy two-core machine takes ~10 s. */
    public static final Duration DEFAULT_START_TIMEOUT = Duration.ofSeconds(90);
    /** The heap of each daemon by default: enough for tests and the demo, small enough to run three. */
    public static final int DEFAULT_HEAP_MEGABYTES = 512;

    /** The default superuser (and its password) of a daemon {@link #withPasswordLogin() with logins}. */
    public static final String SUPERUSER = "cassandra";

    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(30);
    /** A decommission streams the node's data away: little in a local cluster, but give it time on a busy machine. */
    private static final Duration NODETOOL_TIMEOUT = Duration.ofMinutes(5);
    private static final long POLL_MILLIS = 200;
    private static final int LOG_LINES_ON_FAILURE = 40;

    private final Path dataDirectory;
    private final String clusterName;
    private final NodePlace place;
    private final CassandraPorts ports;
    private final int heapMegabytes;
    private final Duration startTimeout;
    private final boolean passwordLogin;
    /** Read by the shutdown hook without the monitor. */
    private volatile Process process;
    private Thread shutdownHook;

    private LocalCassandra(Path dataDirectory, String clusterName, NodePlace place, CassandraPorts ports,
                           int heapMegabytes, Duration startTimeout, boolean passwordLogin) {
        this.dataDirectory = dataDirectory.toAbsolutePath();
        this.clusterName = clusterName;
        this.place = place;
        this.ports = ports;
        this.heapMegabytes = heapMegabytes;
        this.startTimeout = startTimeout;
        this.passwordLogin = passwordLogin;
    }

    /** A daemon (not started yet) keeping its data in {@code dataDirectory}, on free ports, with the defaults. */
    public static LocalCassandra inDirectory(Path dataDirectory) {
        return new LocalCassandra(dataDirectory, "catena-local", NodePlace.alone(), CassandraPorts.free(),
                DEFAULT_HEAP_MEGABYTES, DEFAULT_START_TIMEOUT, false);
    }

    /** Node {@code place} of a cluster (see {@link LocalCassandraCluster}), not started yet, with the defaults. */
    static LocalCassandra node(Path dataDirectory, String clusterName, NodePlace place, CassandraPorts ports) {
        return new LocalCassandra(dataDirectory, clusterName, place, ports, DEFAULT_HEAP_MEGABYTES,
                DEFAULT_START_TIMEOUT, false);
    }

    /** The same daemon with another Cassandra cluster name (only before its first start). */
    public LocalCassandra withClusterName(String name) {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("a Cassandra cluster name must not be blank");
        }
        return new LocalCassandra(dataDirectory, name, place, ports, heapMegabytes, startTimeout, passwordLogin);
    }

    /** The same daemon with another heap size in MiB (at least 256). */
    public LocalCassandra withHeapMegabytes(int megabytes) {
        if (megabytes < 256) {
            throw new IllegalArgumentException("Cassandra needs a heap of at least 256 MiB, got " + megabytes);
        }
        return new LocalCassandra(dataDirectory, clusterName, place, ports, megabytes, startTimeout, passwordLogin);
    }

    /** The same daemon with another start timeout. */
    public LocalCassandra withStartTimeout(Duration timeout) {
        if (timeout == null || timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("a start timeout must be positive, got " + timeout);
        }
        return new LocalCassandra(dataDirectory, clusterName, place, ports, heapMegabytes, timeout, passwordLogin);
    }

    /**
     * The same daemon requiring a login and checking permissions, as a secured production cluster
     * does ({@code PasswordAuthenticator}, {@code CassandraAuthorizer}): its one user at first is
     * the superuser {@value #SUPERUSER} with password {@value #SUPERUSER}, Cassandra's default.
     */
    public LocalCassandra withPasswordLogin() {
        return new LocalCassandra(dataDirectory, clusterName, place, ports, heapMegabytes, startTimeout, true);
    }

    /**
     * Starts the daemon and waits until it serves CQL; does nothing if it is already running.
     *
     * @throws IOException if the configuration cannot be written, the daemon cannot be launched,
     *         exits during startup, or does not serve CQL within the start timeout; the message
     *         ends with the last lines of its log
     */
    public synchronized LocalCassandra start() throws IOException {
        if (isRunning()) {
            return this;
        }
        launch();
        awaitCql();
        return this;
    }

    /**
     * Starts the daemon's process without waiting for it to serve ({@link #awaitCql()} waits);
     * does nothing if it is already running.
     */
    synchronized void launch() throws IOException {
        if (isRunning()) {
            return;
        }
        Path conf = Files.createDirectories(dataDirectory.resolve("conf"));
        CassandraYaml.write(conf.resolve("cassandra.yaml"), dataDirectory, clusterName, place, ports, passwordLogin);
        CassandraYaml.writeRackDc(conf.resolve("cassandra-rackdc.properties"), place);
        CassandraYaml.writeLogback(conf.resolve("logback.xml"));
        Path log = logFile();
        Files.writeString(log, "---- starting Cassandra on " + place.address() + ":" + ports.nativePort() + " ----\n",
                StandardCharsets.UTF_8, java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.APPEND);
        process = new ProcessBuilder(CassandraCommand.of(dataDirectory, conf, ports, heapMegabytes))
                .directory(dataDirectory.toFile())
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
                .start();
        shutdownHook = new Thread(this::stopQuietly, "local-cassandra-shutdown-" + ports.nativePort());
        Runtime.getRuntime().addShutdownHook(shutdownHook);
    }

    /** Stops the daemon gracefully (it flushes and drains), forcibly if it takes over 30 s. Idempotent. */
    public synchronized void stop() {
        if (process == null) {
            return;
        }
        process.destroy();
        try {
            if (!process.waitFor(STOP_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly().waitFor();
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
        forget();
    }

    /** Kills the daemon at once (SIGKILL), as a crash would: for fault tests. Idempotent. */
    public synchronized void kill() {
        if (process == null) {
            return;
        }
        try {
            process.destroyForcibly().waitFor();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        forget();
    }

    /**
     * Runs Cassandra's {@code nodetool} with {@code args} against this running daemon (its JMX port)
     * and waits for it, its output appended to the daemon's log.
     *
     * @throws IOException if the tool cannot be launched, fails, or takes over 5 minutes; the
     *         message ends with the last lines of the log
     */
    public void nodetool(String... args) throws IOException {
        Process tool = new ProcessBuilder(CassandraCommand.nodetool(dataDirectory, ports, List.of(args)))
                .directory(dataDirectory.toFile()).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(logFile().toFile())).start();
        try {
            if (!tool.waitFor(NODETOOL_TIMEOUT.toMinutes(), TimeUnit.MINUTES)) {
                tool.destroyForcibly();
                throw failure("nodetool " + String.join(" ", args) + " did not finish within "
                        + NODETOOL_TIMEOUT.toMinutes() + " min and was killed");
            }
        } catch (InterruptedException e) {
            tool.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while nodetool " + String.join(" ", args) + " ran; it was killed", e);
        }
        if (tool.exitValue() != 0) {
            throw failure("nodetool " + String.join(" ", args) + " failed with status " + tool.exitValue());
        }
    }

    public synchronized boolean isRunning() {
        return process != null && process.isAlive();
    }

    /** CPU time the running daemon has used so far (zero when it is not running): what benchmarks charge to it. */
    public Duration cpuTime() {
        Process p = process;
        return p == null ? Duration.ZERO : p.info().totalCpuDuration().orElse(Duration.ZERO);
    }

    /** Where CQL clients connect: the node's own loopback address. */
    public InetSocketAddress contactPoint() {
        return new InetSocketAddress(place.address(), ports.nativePort());
    }

    /** The data centre to name as local in a driver: the node's own. */
    public String localDatacenter() {
        return place.datacenter();
    }

    public CassandraPorts ports() {
        return ports;
    }

    public Path dataDirectory() {
        return dataDirectory;
    }

    /** The daemon's output, appended to across restarts. */
    public Path logFile() {
        return dataDirectory.resolve("cassandra.log");
    }

    /** Stops the daemon (see {@link #stop()}). */
    @Override
    public void close() {
        stop();
    }

    /** Waits until the launched daemon serves CQL; stops it if it does not in time. */
    synchronized void awaitCql() throws IOException {
        long deadlineNanos = System.nanoTime() + startTimeout.toNanos();
        while (true) {
            if (!process.isAlive()) {
                int exit = process.exitValue();
                forget();
                throw failure("Cassandra exited with code " + exit + " while starting");
            }
            if (CqlProbe.answers(contactPoint())) {
                return;
            }
            if (System.nanoTime() - deadlineNanos > 0) {
                stop();
                throw failure("Cassandra did not serve CQL within " + startTimeout.toSeconds() + " s and was stopped");
            }
            try {
                Thread.sleep(POLL_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                stop();
                throw new IOException("interrupted while waiting for Cassandra to start; it was stopped", e);
            }
        }
    }

    private IOException failure(String what) {
        return new IOException(what + " (data in " + dataDirectory + "); last lines of " + logFile() + ":\n"
                + String.join("\n", lastLogLines()));
    }

    private List<String> lastLogLines() {
        try {
            List<String> lines = Files.readAllLines(logFile(), StandardCharsets.UTF_8);
            return lines.subList(Math.max(0, lines.size() - LOG_LINES_ON_FAILURE), lines.size());
        } catch (IOException | UncheckedIOException e) {
            return List.of("(log unreadable: " + e.getMessage() + ")");
        }
    }

    private void forget() {
        process = null;
        if (shutdownHook != null) {
            try {
                Runtime.getRuntime().removeShutdownHook(shutdownHook);
            } catch (IllegalStateException shuttingDown) {
                // The hook is running or about to: it is what is stopping us.
            }
            shutdownHook = null;
        }
    }

    /** The shutdown hook's body: never throws, never waits for the monitor a stuck caller may hold. */
    private void stopQuietly() {
        Process p = process;
        if (p == null) {
            return;
        }
        p.destroy();
        try {
            if (!p.waitFor(STOP_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
                p.destroyForcibly();
            }
        } catch (InterruptedException e) {
            p.destroyForcibly();
        }
    }
}
