package io.catena.storage.cassandra;

import com.datastax.oss.driver.api.core.config.DriverExecutionProfile;
import com.datastax.oss.driver.api.core.cql.Statement;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.session.Request;
import com.datastax.oss.driver.api.core.tracker.RequestTracker;
import io.catena.core.spi.LocalityCounts;
import java.util.Optional;
import java.util.concurrent.atomic.LongAdder;

/**
 * Counts the store's requests by the node that answered them: the pinned node (see
 * {@link PinnedNodePolicy}) or another. A request that failed on every node counts where its last
 * attempt went; a statement addressed to one node on purpose does not count. Counts nothing for a
 * store not pinned to a node. Thread-safe: the driver calls it
 * from its I/O threads.
 */
final class PinnedCalls implements RequestTracker {

    private final Optional<String> pinned;
    private final LongAdder own = new LongAdder();
    private final LongAdder other = new LongAdder();

    /** @param pinned the pinned node's {@code host:port}, empty for a store not pinned to one */
    PinnedCalls(Optional<String> pinned) {
        this.pinned = pinned;
    }

    LocalityCounts counts() {
        return new LocalityCounts(own.sum(), other.sum());
    }

    @Override
    public void onSuccess(Request request, long latencyNanos, DriverExecutionProfile profile, Node node, String logPrefix) {
        count(request, node);
    }

    @Override
    public void onError(Request request, Throwable error, long latencyNanos, DriverExecutionProfile profile, Node node,
                        String logPrefix) {
        count(request, node);
    }

    /** Holds nothing to release: the counts stay readable after the session closes. */
    @Override
    public void close() {
    }

    private void count(Request request, Node node) {
        if (pinned.isEmpty() || node == null || request instanceof Statement<?> s && s.getNode() != null) {
            // A statement addressed to one node (a node's own system tables) is not routed, so not counted.
            return;
        }
        (pinned.get().equals(RingLocality.nameOf(node)) ? own : other).increment();
    }
}
