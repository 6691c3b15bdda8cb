package io.catena.lab.demo;

import io.catena.harness.check.HistoryEvent;
import io.catena.lab.report.Check;
import java.time.Duration;

import io.catena.client.Connection;
import io.catena.core.wan.LatencyMatrix;
import io.catena.harness.workload.Workload;
import io.catena.lab.report.ConfigFact;
import io.catena.server.cluster.InProcessCluster;
import java.io.PrintWriter;
import java.util.List;
import java.util.Optional;

/**
 * Where the regions of a run are: a cluster the run starts in this process ({@link InProcessRegions})
 * or the regions of a cluster running elsewhere ({@link RemoteRegions}). A run drives both the same
 * way, through one client connection per region; what only a cluster in this process can tell (its
 * stores, its nodes, its store servers) is asked of {@link #cluster()} and the methods that say
 * what they return for regions out of reach.
 *
 * <p>Used by one run on one thread: {@link #open} once, then the rest, then {@link #close}, which
 * closes the connections, and stops what the run started.
 */
public interface RunRegions extends AutoCloseable {

    /** The regions' names, in the order of the connections {@link #open} returns. */
    List<String> names();

    /** The run's first line: {@code catena <command>: <regions> <where>, <what>}. */
    String headline(String command, String what);

    /** Brings the regions to hold {@code database} and connects one client to each, in {@link #names()} order. */
    List<Connection> open(RunDatabase database, PrintWriter out) throws InterruptedException;

    /** What the report says about the regions' setup (latency, epoch), before the run's own facts. */
    List<ConfigFact> facts();

    /** What the measured run costs, as far as this process can count it; valid once {@link #open} returned. */
    RunCosts costs();

    /** The latency matrix the regions emulate, or null for plain loopback or regions elsewhere. */
    LatencyMatrix matrix();

    /** Told when the measured run begins, and for how long it goes on. */
    default void measuring(Duration runLength) {
    }

    /** What the run's fault drill (a failover) did, as facts, from the run's {@code history}; none without one. */
    default List<ConfigFact> drillFacts(List<HistoryEvent> history, long startMicros) {
        return List.of();
    }

    /** Whether the run's fault drill did what it should, from the run's {@code history}; none without one. */
    default List<Check> drillChecks(List<HistoryEvent> history) {
        return List.of();
    }

    /** The cluster, with its stores and nodes, when it runs in this process; empty for regions elsewhere. */
    Optional<InProcessCluster> cluster();

    /**
     * Stops the regions and measures what their store servers take with no protocol at all
     * ({@link StoreFloor}), for a run that reached {@code catenaPerSecond}; no facts when the
     * stores are embedded or out of reach.
     */
    List<ConfigFact> storeFloor(Workload workload, long seed, double catenaPerSecond, PrintWriter out)
            throws InterruptedException;

    @Override
    void close();
}
