package io.catena.server.metrics;

import io.catena.baselines.BaselineNode;
import io.catena.chainserver.ChainServer;
import io.catena.chainserver.ChainServerStats;
import io.catena.coordinator.Coordinator;
import io.catena.coordinator.CoordinatorStats;
import io.catena.core.id.NodeId;
import io.catena.core.id.RegionId;
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
 * ({@link NodeRunner#inspect}) and meters read the copies from any thread. A node that does not
 * answer in time — stopped, or behind a long queue — keeps its previous reading, and is counted.
 *
 * <p>Threading: {@link #refresh} from one thread at a time (the scrape); readers any thread.
 */
final class NodeReadings {

    /** What the coordinator showed: its counters and the state of its replicated log and commits. */
    record CoordinatorReading(CoordinatorStats stats, int inFlight, long heldRecords, int awaitingRecord,
                              List<Long> heldThrough) {

        CoordinatorReading {
            heldThrough = List.copyOf(heldThrough);
        }

        static CoordinatorReading of(Coordinator c, List<RegionId> regions) {
            List<Long> held = new ArrayList<>();
            for (RegionId r : regions) {
                held.add(c.heldThrough(r));
            }
            return new CoordinatorReading(c.stats().copy(), c.transactionsInFlight(), c.heldRecords(),
                    c.queuedTransactions(), held);
        }

        /** What a baseline's node shows: only its open transactions (it has no log, no epochs). */
        static CoordinatorReading of(BaselineNode b, List<RegionId> regions) {
            return new CoordinatorReading(new CoordinatorStats(), b.transactionsInFlight(), 0, 0,
                    regions.stream().map(r -> 0L).toList());
        }

        /** The last epoch of {@code origin}'s log held. */
        long heldThrough(RegionId origin) {
            return heldThrough.get(origin.index());
        }
    }

    private final NodeRunner coordinator;
    private final List<RegionId> regions;
    private final List<NodeRunner> chainServers;
    private volatile CoordinatorReading coordinatorReading;
    private volatile List<ChainServerStats> chainServerReadings;
    private final AtomicLong stale = new AtomicLong();

    NodeReadings(RegionRuntime region) {
        this.coordinator = region.router().node(NodeId.coordinator(region.settings().region()));
        this.regions = region.settings().protocol().regionIds();
        this.chainServers = region.runners().stream().filter(r -> r.id().role() == NodeId.Role.CHAIN_SERVER).toList();
        List<Long> none = regions.stream().map(r -> 0L).toList();
        this.coordinatorReading = new CoordinatorReading(new CoordinatorStats(), 0, 0, 0, none);
        this.chainServerReadings = chainServers.stream().map(r -> new ChainServerStats()).toList();
    }

    /** Takes a new reading of every node, waiting at most {@code timeout} for all of them together. */
    void refresh(Duration timeout) throws InterruptedException {
        long deadlineNanos = System.nanoTime() + timeout.toNanos();
        CompletableFuture<CoordinatorReading> c = coordinator.inspect(n -> n instanceof BaselineNode b
                ? CoordinatorReading.of(b, regions) : CoordinatorReading.of((Coordinator) n, regions));
        List<CompletableFuture<ChainServerStats>> servers = chainServers.stream()
                .map(r -> r.inspect(n -> ((ChainServer) n).stats().copy())).toList();
        CoordinatorReading cr = await(c, deadlineNanos);
        if (cr != null) {
            coordinatorReading = cr;
        }
        List<ChainServerStats> previous = chainServerReadings;
        List<ChainServerStats> next = new ArrayList<>(previous.size());
        for (int i = 0; i < servers.size(); i++) {
            ChainServerStats s = await(servers.get(i), deadlineNanos);
            next.add(s != null ? s : previous.get(i));
        }
        chainServerReadings = List.copyOf(next);
    }

    private <T> T await(CompletableFuture<T> reading, long deadlineNanos) throws InterruptedException {
        try {
            return reading.get(Math.max(0, deadlineNanos - System.nanoTime()), TimeUnit.NANOSECONDS);
        } catch (TimeoutException | ExecutionException e) {
            stale.incrementAndGet();
            return null;
        }
    }

    CoordinatorReading coordinator() {
        return coordinatorReading;
    }

    List<ChainServerStats> chainServers() {
        return chainServerReadings;
    }

    /** Node readings that did not arrive in time, so the previous one was shown again. */
    long stale() {
        return stale.get();
    }
}
