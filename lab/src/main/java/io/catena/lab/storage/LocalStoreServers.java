package io.catena.lab.storage;

import io.catena.server.storage.StoreOpenException;
import io.catena.server.storage.StoreOpener;
import io.catena.server.cluster.RegionStores;
import io.catena.server.config.StorageBackend;
import io.catena.server.config.StorageSettings;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;

/**
 * One local storage server per region, as child processes, for {@code catena demo --storage} and
 * the in-process benchmark on a real store: "each DC has an isolated Cassandra deployment"
 * (Catenae §VII-B). Started in parallel, stopped and their data deleted on {@link #close()}; the
 * servers' own shutdown hooks kill them if this JVM exits first (Ctrl-C included).
 */
public final class LocalStoreServers implements AutoCloseable {

    private final StorageBackend backend;
    private final Path root;
    private final List<LocalStoreServer> servers;

    private LocalStoreServers(StorageBackend backend, Path root, List<LocalStoreServer> servers) {
        this.backend = backend;
        this.root = root;
        this.servers = servers;
    }

    /**
     * Starts a server of {@code backend} for each region, in a fresh directory under the system's
     * temporary directory, printing progress to {@code progress}.
     *
     * @throws StoreOpenException if a server does not start; the message names it and its log
     */
    public static LocalStoreServers start(StorageBackend backend, List<String> regions, PrintWriter progress) {
        return start(backend, regions, regions.size(), progress);
    }

    /**
     * As {@link #start(StorageBackend, List, PrintWriter)} with {@code count} servers, region
     * {@code i} on server {@code i mod count}: regions sharing a server keep apart in their own
     * keyspaces or namespaces. Tests share one server to spare the machine; the demo gives each
     * region its own.
     */
    public static LocalStoreServers start(StorageBackend backend, List<String> regions, int count,
                                          PrintWriter progress) {
        return start(backend, regions, count, 1, progress);
    }

    /**
     * As {@link #start(StorageBackend, List, int, PrintWriter)} with {@code nodes} storage nodes per
     * server, as a region spread over machines has: Cassandra nodes of one cluster, one data centre
     * named after the region ({@code LocalCassandraCluster}), or HBase region servers.
     */
    public static LocalStoreServers start(StorageBackend backend, List<String> regions, int count, int nodes,
                                          PrintWriter progress) {
        if (count < 1 || count > regions.size()) {
            throw new IllegalArgumentException("between 1 and " + regions.size() + " servers, not " + count);
        }
        if (nodes < 1) {
            throw new IllegalArgumentException("a local store server needs at least one node, not " + nodes);
        }
        if (backend == StorageBackend.MEMORY) {
            return new LocalStoreServers(backend, null, List.of());
        }
        Path root;
        try {
            root = Files.createTempDirectory("catena-" + backend.configName() + "-");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a directory for the local " + backend.configName()
                    + " servers: " + e.getMessage(), e);
        }
        List<LocalStoreServer> servers = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            String name = count == regions.size() ? regions.get(i) : "server" + i;
            servers.add(create(backend, root.resolve(name), nodes, name));
        }
        LocalStoreServers all = new LocalStoreServers(backend, root, servers);
        long started = System.nanoTime();
        progress.printf("starting %s%s ...%n", count == regions.size() ? "a local " + backend.configName()
                + " server for each region (" + String.join(", ", regions) + ")"
                : count + " local " + backend.configName() + " server" + (count == 1 ? "" : "s") + " for "
                + String.join(", ", regions), nodes == 1 ? "" : ", " + nodes + " storage nodes each");
        try {
            all.startAll();
        } catch (RuntimeException e) {
            all.close();
            throw e;
        }
        progress.printf("%s servers ready in %.1f s%n", backend.configName(), (System.nanoTime() - started) / 1e9);
        return all;
    }

    /**
     * Opens each region's store on its server, in the default keyspace or namespace, named after
     * the cluster and the region ({@code catena_demo_us_central1}): clusters sharing servers keep
     * apart.
     */
    public RegionStores stores(String cluster) {
        if (backend == StorageBackend.MEMORY) {
            return RegionStores.memory();
        }
        return (region, name) -> StoreOpener.open(serverOf(region.index()).settings(), cluster, name);
    }

    /**
     * How region {@code region} reaches its server, with the default keyspace or namespace: what
     * its configuration file's {@code storage:} section says, for regions run as processes.
     */
    public StorageSettings settings(int region) {
        return serverOf(region).settings();
    }

    /** Stops the server of region {@code region} cleanly (for fault tests). */
    public void stop(int region) {
        serverOf(region).stop();
    }

    /** Kills the server of region {@code region} at once, as a crash would (for fault tests). */
    public void kill(int region) {
        serverOf(region).kill();
    }

    /** Takes storage node {@code node} of region {@code region}'s server out for good (for fault tests). */
    public void decommission(int region, int node) {
        serverOf(region).decommission(node);
    }

    /** Starts the server of region {@code region} again, on its ports and data. */
    public void start(int region) {
        serverOf(region).start();
    }

    /** CPU time the running servers have used so far, together: a benchmark's storage cost. */
    public Duration cpuTime() {
        Duration sum = Duration.ZERO;
        for (LocalStoreServer s : servers) {
            sum = sum.plus(s.cpuTime());
        }
        return sum;
    }

    private LocalStoreServer serverOf(int region) {
        return servers.get(region % servers.size());
    }

    /** Stops every server and deletes their data. */
    @Override
    public void close() {
        for (LocalStoreServer s : servers) {
            try {
                s.close();
            } catch (RuntimeException e) {
                // Keep stopping the others; the shutdown hooks kill what is left.
            }
        }
        if (root != null) {
            deleteTree(root);
        }
    }

    private void startAll() {
        ExecutorService starter = Executors.newFixedThreadPool(servers.size());
        try {
            List<Future<?>> starts = new ArrayList<>();
            for (LocalStoreServer s : servers) {
                starts.add(starter.submit(s::start));
            }
            for (int i = 0; i < starts.size(); i++) {
                try {
                    starts.get(i).get();
                } catch (ExecutionException e) {
                    throw new StoreOpenException("local " + backend.configName() + " server " + i + " did not start: "
                            + e.getCause().getMessage(), e.getCause());
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new StoreOpenException("interrupted while starting the local " + backend.configName() + " servers", e);
        } finally {
            starter.shutdownNow();
        }
    }

    /** @param datacenter the data centre of a Cassandra cluster of several nodes */
    private static LocalStoreServer create(StorageBackend backend, Path directory, int nodes, String datacenter) {
        return switch (backend) {
            case HBASE -> new LocalHBaseServer(directory, nodes);
            case CASSANDRA -> nodes == 1 ? new LocalCassandraServer(directory)
                    : new LocalCassandraClusterServer(directory, nodes, datacenter);
            case MEMORY -> throw new IllegalArgumentException("the memory store has no server");
        };
    }

    private static void deleteTree(Path root) {
        try (Stream<Path> paths = Files.walk(root)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException | UncheckedIOException e) {
            // A leftover temporary directory is no reason to fail a run that is over.
        }
    }
}
