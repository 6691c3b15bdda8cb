package io.catena.server.metrics;

import io.catena.core.id.NodeId;
import io.catena.core.protocol.NodeReading;
import io.catena.core.protocol.ProtocolPlugin;
import io.catena.core.protocol.RegionReadings;
import io.catena.server.host.NodeRunner;
import io.catena.server.region.RegionRuntime;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The protocol state of a region's nodes that metrics show, as of the last {@link #refresh}.
 * A protocol node's state belongs to its own thread, so a refresh asks every node for a copy
 * ({@link NodeRunner#inspect}, {@link ProtocolPlugin#read}) and meters read the copies from any
 * thread. A node that does not answer in time — stopped, or behind a long queue — keeps its
 * previous reading, and is counted.
 *
 * <p>Threading: {@link #refresh} from one thread at a time (the scrape); readers any thread.
 */
final class NodeReadings implements RegionReadings {

    private final ProtocolPlugin plugin;
    private final List<NodeRunner> runners;
    private final int entry;
    private volatile List<NodeReading> readings;
    private final AtomicLong stale = new AtomicLong();

    NodeReadings(RegionRuntime region) {
        this.plugin = region.plugin();
        this.runners = region.runners();
        NodeId entryId = NodeId.coordinator(region.settings().region());
        this.entry = runners.stream().map(NodeRunner::id).toList().indexOf(entryId);
        this.readings = runners.stream().map(r -> NodeReading.NONE).toList();
    }

    /** Takes a new reading of every node, waiting at most {@code timeout} for all of them together. */
    void refresh(Duration timeout) throws InterruptedException {
        long deadlineNanos = System.nanoTime() + timeout.toNanos();
        List<CompletableFuture<NodeReading>> asked = runners.stream().map(r -> r.inspect(plugin::read)).toList();
        List<NodeReading> previous = readings;
        List<NodeReading> next = new ArrayList<>(previous.size());
        for (int i = 0; i < asked.size(); i++) {
            NodeReading r = await(asked.get(i), deadlineNanos);
            next.add(r != null ? r : previous.get(i));
        }
        readings = List.copyOf(next);
    }

    private <T> T await(CompletableFuture<T> reading, long deadlineNanos) throws InterruptedException {
        try {
            return reading.get(Math.max(0, deadlineNanos - System.nanoTime()), TimeUnit.NANOSECONDS);
        } catch (TimeoutException | ExecutionException e) {
            stale.incrementAndGet();
            return null;
        }
    }

    @Override
    public NodeReading entry() {
        // A chain-server process of a split region hosts no entry node: its series read as zero.
        return entry < 0 ? NodeReading.NONE : readings.get(entry);
    }

    @Override
    public long sum(String name) {
        return readings.stream().mapToLong(r -> r.get(name)).sum();
    }

    /** Node readings that did not arrive in time, so the previous one was shown again. */
    long stale() {
        return stale.get();
    }
}
