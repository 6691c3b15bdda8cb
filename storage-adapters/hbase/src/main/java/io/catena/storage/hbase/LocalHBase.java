package io.catena.storage.hbase;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;

/**
 * A standalone HBase (master, one or more region servers and its own ZooKeeper in one JVM, data
 * on the local filesystem) running as a child process of this JVM: one per demo region, and the
 * server of the adapter's tests. A child rather than in-process so that a test can kill and
 * restart it like a real server and so that Hadoop's classpath never meets Catena's.
 *
 * <p>The server listens on 127.0.0.1 only, on three ports chosen free when this object is made and
 * kept for its life (several region servers pick theirs at each start), so {@link #start()} after {@link #stop()} or {@link #kill()} brings back the
 * same server with the same data. Data, the generated configuration ({@code conf/}) and the
 * server's log ({@code hbase.log}) live in the data directory.
 *
 * <p>A JVM shutdown hook kills a still-running child, so none outlives this JVM. Methods are
 * synchronized and block; they are for setup, tests and the demo's launcher, not for hot paths.
 */
public final class LocalHBase implements AutoCloseable {

    /** How long {@link #start()} waits for the server to serve before it gives up. */
    public static final Duration DEFAULT_START_TIMEOUT = Duration.ofSeconds(120);

    private static final String MAIN_CLASS = "org.apache.hadoop.hbase.master.HMaster";
    /** Region servers share the JVM's heap and the machine's two cores. */
    private static final int MAX_REGION_SERVERS = 4;
    private static final int LOG_LINES_ON_FAILURE = 40;
    private static final long POLL_MILLIS = 250;

    private final Path dataDir;
    private final HBasePorts ports;
    private final String heap;
    private final boolean accessControl;
    private final int regionServers;
    private Process process;
    private Thread killOnExit;

    private LocalHBase(Path dataDir, HBasePorts ports, String heap, boolean accessControl, int regionServers) {
        this.dataDir = dataDir.toAbsolutePath();
        this.ports = ports;
        this.heap = heap;
        this.accessControl = accessControl;
        this.regionServers = regionServers;
    }

    /** A server (not started yet) with its data in {@code dataDir}, on free ports, with a 768 MiB heap. */
    public static LocalHBase in(Path dataDir) {
        return new LocalHBase(dataDir, HBasePorts.free(), "768m", false, 1);
    }

    /**
     * The same server checking every request against HBase's access control lists, as a secured
     * production cluster does ({@code AccessController}). Users are named by the client as in any
     * cluster without Kerberos; the user who starts the server is its superuser.
     */
    public LocalHBase withAccessControl() {
        return new LocalHBase(dataDir, ports, heap, true, regionServers);
    }

    /**
     * The same server with {@code count} region servers in its JVM (HMaster's
     * {@code --localRegionServers}), so that regions can live on, and move between, several
     * storage nodes. They all run on 127.0.0.1, each on a port chosen when it starts: unlike the
     * single region server's, their names ({@code host:port}) change at every start.
     */
    public LocalHBase withRegionServers(int count) {
        if (count < 1 || count > MAX_REGION_SERVERS) {
            throw new IllegalArgumentException("a local HBase runs 1 to " + MAX_REGION_SERVERS + " region servers, not "
                    + count);
        }
        return new LocalHBase(dataDir, ports, heap, accessControl, count);
    }

    /** Starts the server and waits up to {@link #DEFAULT_START_TIMEOUT} until it serves. */
    public LocalHBase start() {
        return start(DEFAULT_START_TIMEOUT);
    }

    /**
     * Starts the server (again, on the same ports and data, if it ran before) and waits until it
     * serves: a client connects, the master is initialized and a region server and
     * {@code hbase:meta} are online.
     *
     * @throws IllegalStateException if it is already running, exits while starting or does not
     *         serve within {@code timeout}; the message ends with the last lines of its log
     * @throws HBaseSchemaException if this JVM cannot run the HBase client that checks it serves
     */
    public synchronized LocalHBase start(Duration timeout) {
        if (isRunning()) {
            throw new IllegalStateException("HBase in " + dataDir + " is already running");
        }
        ClientJvm.requireSupported();
        try {
            Path conf = dataDir.resolve("conf");
            Map<String, String> site = StandaloneSite.settings(dataDir, ports, regionServers);
            StandaloneSite.write(conf, accessControl ? StandaloneSite.withAccessControl(site) : site);
            ProcessBuilder builder = new ProcessBuilder(command(conf))
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(logFile().toFile()));
            process = builder.start();
        } catch (IOException e) {
            throw new UncheckedIOException("could not start HBase in " + dataDir + ": " + e.getMessage(), e);
        }
        Process started = process;
        killOnExit = new Thread(started::destroyForcibly, "kill-hbase-" + ports.zookeeper());
        Runtime.getRuntime().addShutdownHook(killOnExit);
        awaitServing(timeout);
        return this;
    }

    /**
     * Shuts the server down cleanly (memstores flushed) and waits for it to exit; if it does not
     * within a minute, terminates it, and kills it if even that does not help. Does nothing if it
     * is not running.
     */
    public synchronized void stop() {
        if (!isRunning()) {
            forgetProcess();
            return;
        }
        try (Connection c = ConnectionFactory.createConnection(quickClientConfiguration()); Admin admin = c.getAdmin()) {
            admin.shutdown();
        } catch (IOException | RuntimeException e) {
            // A server that cannot take the request is terminated below instead.
        }
        if (!waitForExit(Duration.ofSeconds(60))) {
            process.destroy();
            if (!waitForExit(Duration.ofSeconds(15))) {
                process.destroyForcibly();
                waitForExit(Duration.ofSeconds(15));
            }
        }
        forgetProcess();
    }

    /** Kills the server at once (SIGKILL), as a crash would; waits until the process is gone. */
    public synchronized void kill() {
        if (process != null) {
            process.destroyForcibly();
            waitForExit(Duration.ofSeconds(30));
        }
        forgetProcess();
    }

    public synchronized boolean isRunning() {
        return process != null && process.isAlive();
    }

    /** CPU time the running server has used so far (zero when it is not running): what benchmarks charge to it. */
    public synchronized Duration cpuTime() {
        return process == null ? Duration.ZERO : process.info().totalCpuDuration().orElse(Duration.ZERO);
    }

    /** The ZooKeeper quorum clients connect through: {@code 127.0.0.1:port}. */
    public String zookeeperQuorum() {
        return "127.0.0.1:" + ports.zookeeper();
    }

    /** A client configuration for this server. */
    public Configuration clientConfiguration() {
        Configuration conf = HBaseConfiguration.create();
        conf.set("hbase.zookeeper.quorum", zookeeperQuorum());
        return conf;
    }

    public Path dataDirectory() {
        return dataDir;
    }

    /** The server's log: standard output and error of every start, appended. */
    public Path logFile() {
        return dataDir.resolve("hbase.log");
    }

    /** Stops the server ({@link #stop()}). */
    @Override
    public void close() {
        stop();
    }

    private List<String> command(Path conf) {
        List<String> cmd = new ArrayList<>();
        // As for Cassandra: bin/catena names a Java 17 here when it runs the lab on a newer JDK.
        String chosen = System.getProperty("catena.store.java", "");
        cmd.add(chosen.isBlank() ? Path.of(System.getProperty("java.home"), "bin", "java").toString() : chosen);
        cmd.add("-Xmx" + heap);
        cmd.add("-XX:+UseG1GC");
        // HBase 2.6 reaches into JDK internals (direct buffers, unsafe) on Java 17.
        for (String pkg : List.of("java.lang", "java.nio", "sun.nio.ch", "java.util", "java.lang.reflect", "java.io")) {
            cmd.add("--add-opens");
            cmd.add("java.base/" + pkg + "=ALL-UNNAMED");
        }
        cmd.add("--add-exports");
        cmd.add("java.base/jdk.internal.misc=ALL-UNNAMED");
        cmd.add("-Dorg.apache.hbase.thirdparty.io.netty.tryReflectionSetAccessible=true");
        // ZooKeeper's admin web server would take port 8080.
        cmd.add("-Dzookeeper.admin.enableServer=false");
        cmd.add("-Djava.net.preferIPv4Stack=true");
        cmd.add("-cp");
        cmd.add(conf + File.pathSeparator + ServerClasspath.read());
        cmd.add(MAIN_CLASS);
        cmd.add("--localRegionServers=" + regionServers);
        cmd.add("start");
        return cmd;
    }

    private void awaitServing(Duration timeout) {
        long deadlineNanos = System.nanoTime() + timeout.toNanos();
        try (ServingProbe probe = new ServingProbe(clientConfiguration(), regionServers)) {
            while (true) {
                if (!process.isAlive()) {
                    int code = process.exitValue();
                    forgetProcess();
                    throw new IllegalStateException("HBase in " + dataDir + " exited with code " + code
                            + " while starting; last lines of " + logFile() + ":\n" + LogTail.of(logFile(), LOG_LINES_ON_FAILURE));
                }
                if (probe.serves()) {
                    return;
                }
                if (System.nanoTime() - deadlineNanos > 0) {
                    String answer = probe.lastAnswer();
                    kill();
                    throw new IllegalStateException("HBase in " + dataDir + " did not serve within " + timeout.toSeconds()
                            + " s (last answer: " + answer + "); last lines of " + logFile() + ":\n"
                            + LogTail.of(logFile(), LOG_LINES_ON_FAILURE));
                }
                sleep(POLL_MILLIS);
            }
        }
    }

    private Configuration quickClientConfiguration() {
        Configuration conf = clientConfiguration();
        conf.setInt("hbase.client.retries.number", 2);
        conf.setInt("hbase.rpc.timeout", 5_000);
        conf.setInt("hbase.client.operation.timeout", 10_000);
        conf.setInt("zookeeper.recovery.retry", 1);
        return conf;
    }

    private boolean waitForExit(Duration timeout) {
        try {
            return process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
            return false;
        }
    }

    private void forgetProcess() {
        if (killOnExit != null) {
            try {
                Runtime.getRuntime().removeShutdownHook(killOnExit);
            } catch (IllegalStateException e) {
                // The JVM is already shutting down: the hook runs anyway and finds the child gone.
            }
            killOnExit = null;
        }
        process = null;
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for HBase to start", e);
        }
    }

    @Override
    public String toString() {
        return "LocalHBase[" + dataDir + ", zookeeper " + zookeeperQuorum() + "]";
    }
}
