package io.catena.lab.storage;

import io.catena.server.config.StorageSettings;
import java.time.Duration;

/**
 * One local storage server for one region (a Cassandra node or a standalone HBase), run as a
 * child process of this JVM for the demo, the in-process benchmark and tests. Blocking; not for
 * hot paths.
 */
interface LocalStoreServer extends AutoCloseable {

    /** Starts it (again, on the same ports and data) and waits until it serves. */
    void start();

    /** Stops it cleanly. */
    void stop();

    /** Kills it at once, as a crash would. */
    void kill();

    /**
     * Takes storage node {@code node} out of the server for good, its data moved to the others,
     * as an operator retiring a machine would; only a server of several nodes can.
     */
    default void decommission(int node) {
        throw new UnsupportedOperationException("only a local Cassandra server of several nodes can decommission one: "
                + "start it with more than one node");
    }

    /** How a region reaches it. */
    StorageSettings settings();

    /** CPU time the running server has used so far; zero when it is not running. */
    Duration cpuTime();

    /** Stops it if it runs; its data stays. */
    @Override
    void close();
}
