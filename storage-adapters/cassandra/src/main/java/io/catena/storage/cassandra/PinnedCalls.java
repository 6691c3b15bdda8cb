package io.catena.storage.cassandra;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.config.DriverExecutionProfile;
import com.datastax.oss.driver.api.core.cql.Statement;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.metadata.TokenMap;
import com.datastax.oss.driver.api.core.session.Request;
import com.datastax.oss.driver.api.core.session.Session;
import com.datastax.oss.driver.api.core.tracker.RequestTracker;
import io.catena.core.spi.LocalityCounts;
import java.nio.ByteBuffer;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.LongAdder;

/**
 * Counts the store's requests by whether they stayed on the pinned node (see
 * {@link PinnedNodePolicy}): a request stayed if that node answered it and holds a replica of the
 * partition it names (the driver's token map says which nodes do), so with one replica per key it
 * touched no other machine. Every other request counts as another node's, among them one the
 * pinned node coordinated for a key it does not hold, and one that names no single partition. A
 * request that failed on every node counts where its last attempt went; a statement addressed to
 * one node on purpose does not count. Counts nothing for a store not pinned to a node. Thread-safe:
 * the driver calls it from its I/O threads, just after it completes the request's stage, so a
 * call's count may show a moment after its caller resumed.
 */
final class PinnedCalls implements RequestTracker {

    private final Optional<String> pinned;
    private final LongAdder own = new LongAdder();
    private final LongAdder other = new LongAdder();
    private volatile Session session;

    /** @param pinned the pinned node's {@code host:port}, empty for a store not pinned to one */
    PinnedCalls(Optional<String> pinned) {
        this.pinned = pinned;
    }

    LocalityCounts counts() {
        return new LocalityCounts(own.sum(), other.sum());
    }

    @Override
    public void onSessionReady(Session ready) {
        session = ready;
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
        (pinned.get().equals(RingLocality.nameOf(node)) && replicas(request).contains(node) ? own : other).increment();
    }

    /** The nodes holding the partition {@code request} names; none if it names none or the ring is unknown. */
    private Set<Node> replicas(Request request) {
        Session ready = session;
        CqlIdentifier keyspace = request.getRoutingKeyspace() != null ? request.getRoutingKeyspace() : request.getKeyspace();
        ByteBuffer key = request.getRoutingKey();
        Optional<TokenMap> tokens = ready == null ? Optional.empty() : ready.getMetadata().getTokenMap();
        if (keyspace == null || tokens.isEmpty()) {
            return Set.of();
        }
        if (key != null) {
            return tokens.get().getReplicas(keyspace, key);
        }
        return request.getRoutingToken() == null ? Set.of() : tokens.get().getReplicas(keyspace, request.getRoutingToken());
    }
}
