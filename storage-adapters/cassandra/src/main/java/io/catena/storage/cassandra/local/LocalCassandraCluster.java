package io.catena.storage.cassandra.local;

import com.datastax.oss.driver.api.core.AllNodesFailedException;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.metadata.Node;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * A Cassandra cluster of several local nodes, one region's store as production runs it: node
 * {@code i} is a {@link LocalCassandra} daemon on loopback address {@code 127.0.0.(i + 1)}, all in
 * one data centre named after the region, with tokens fixed and spread evenly ({@link NodePlace}).
 * The nodes share their CQL and storage port numbers, as the nodes of a real cluster do, and each
 * has its own JMX port on 127.0.0.1.
 *
 * <p>{@link #start()} starts the first node (the seed), then the others side by side, and returns
 * once every node serves CQL and knows every other node's tokens, so a driver that connects next
 * sees the whole ring. Data lives in {@code node<i>} under the cluster's directory. Methods block;
 * they are for tests, the demo and benchmarks.
 */
public final class LocalCassandraCluster implements AutoCloseable {

    /** How long every node may take to learn the others' tokens once all serve CQL. */
    private static final Duration RING_TIMEOUT = Duration.ofSeconds(60);
    private static final long POLL_MILLIS = 200;

    private final List<LocalCassandra> nodes;

    private LocalCassandraCluster(List<LocalCassandra> nodes) {
        this.nodes = List.copyOf(nodes);
    }

    /**
     * A cluster (not started yet) of {@code nodeCount} nodes in data centre {@code datacenter},
     * keeping its data under {@code directory}, on free ports, with {@link LocalCassandra}'s defaults.
     */
    public static LocalCassandraCluster inDirectory(Path directory, int nodeCount, String datacenter) {
        List<String> addresses = new ArrayList<>();
        List<NodePlace> places = new ArrayList<>();
        for (int i = 0; i < nodeCount; i++) {
            NodePlace place = new NodePlace(i, nodeCount, datacenter);
            places.add(place);
            addresses.add(place.address());
        }
        List<CassandraPorts> ports = CassandraPorts.freeForCluster(addresses);
        List<LocalCassandra> nodes = new ArrayList<>();
        for (int i = 0; i < nodeCount; i++) {
            nodes.add(LocalCassandra.node(directory.resolve("node" + i), "catena-local", places.get(i), ports.get(i)));
        }
        return new LocalCassandraCluster(nodes);
    }

    /**
     * Starts every node and waits until the ring is whole (see the class comment).
     *
     * @throws IOException if a node does not start or the nodes do not see each other in time;
     *         every node is stopped then, and the message ends with the failing node's last log lines
     */
    public LocalCassandraCluster start() throws IOException {
        try {
            nodes.get(0).start();
            for (LocalCassandra node : others()) {
                node.launch();
            }
            for (LocalCassandra node : others()) {
                node.awaitCql();
            }
            awaitRing();
            return this;
        } catch (IOException | RuntimeException e) {
            stop();
            throw e;
        }
    }

    /** Stops every node gracefully, side by side (see {@link LocalCassandra#stop()}). */
    public void stop() {
        CompletableFuture.allOf(nodes.stream().map(n -> CompletableFuture.runAsync(n::stop))
                .toArray(CompletableFuture[]::new)).join();
    }

    /** Kills every node at once (SIGKILL), as a power cut of the region's machines would. */
    public void kill() {
        nodes.forEach(LocalCassandra::kill);
    }

    /**
     * Takes node {@code index} out of the ring for good, as an operator retiring a machine would
     * ({@code nodetool decommission}): it streams its ranges to the others, leaves, and is stopped.
     * Forced, since Cassandra's own keyspaces ({@code system_traces}: 2 replicas) cannot keep their
     * replication factor on fewer nodes; a region's keyspace keeps one replica per key.
     *
     * @throws IOException if the decommission fails; the node keeps running then
     */
    public void decommission(int index) throws IOException {
        LocalCassandra node = nodes.get(index);
        node.nodetool("decommission", "--force");
        node.stop();
    }

    /** The nodes, by index: node {@code i} listens on {@code 127.0.0.(i + 1)}. */
    public List<LocalCassandra> nodes() {
        return nodes;
    }

    /** Every node's CQL address. */
    public List<InetSocketAddress> contactPoints() {
        return nodes.stream().map(LocalCassandra::contactPoint).toList();
    }

    /** The one data centre of the cluster. */
    public String localDatacenter() {
        return nodes.get(0).localDatacenter();
    }

    /** CPU time the running nodes have used so far, together. */
    public Duration cpuTime() {
        return nodes.stream().map(LocalCassandra::cpuTime).reduce(Duration.ZERO, Duration::plus);
    }

    /** Stops every node (see {@link #stop()}). */
    @Override
    public void close() {
        stop();
    }

    private List<LocalCassandra> others() {
        return nodes.subList(1, nodes.size());
    }

    /** Waits until every node lists every other as a peer with its tokens: what drivers read the ring from. */
    private void awaitRing() throws IOException {
        DriverConfigLoader config = DriverConfigLoader.programmaticBuilder()
                .withDuration(DefaultDriverOption.REQUEST_TIMEOUT, Duration.ofSeconds(10)).build();
        try (CqlSession session = CqlSession.builder().addContactPoints(contactPoints())
                .withLocalDatacenter(localDatacenter()).withConfigLoader(config).build()) {
            long deadlineNanos = System.nanoTime() + RING_TIMEOUT.toNanos();
            while (!ringIsWhole(session)) {
                if (System.nanoTime() - deadlineNanos > 0) {
                    throw new IOException("the " + nodes.size() + " local Cassandra nodes did not all see each other within "
                            + RING_TIMEOUT.toSeconds() + " s; their logs are " + nodes.stream().map(LocalCassandra::logFile).toList());
                }
                try {
                    Thread.sleep(POLL_MILLIS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IOException("interrupted while waiting for the local Cassandra nodes to see each other", e);
                }
            }
        }
    }

    private boolean ringIsWhole(CqlSession session) {
        if (session.getMetadata().getNodes().size() < nodes.size()) {
            return false;
        }
        for (Node node : session.getMetadata().getNodes().values()) {
            long peersWithTokens;
            try {
                peersWithTokens = session.execute(SimpleStatement.newInstance("SELECT tokens FROM system.peers_v2")
                        .setNode(node)).all().stream().filter(row -> !row.getSet(0, String.class).isEmpty()).count();
            } catch (AllNodesFailedException e) {
                // The driver knows the node but has no connection to it yet: not whole yet either.
                return false;
            }
            if (peersWithTokens < nodes.size() - 1) {
                return false;
            }
        }
        return true;
    }
}
