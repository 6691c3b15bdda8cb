package io.catena.storage.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.metadata.Metadata;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.metadata.TokenMap;
import com.datastax.oss.driver.api.core.metadata.token.Token;
import io.catena.core.membership.KeyPositions;
import io.catena.core.membership.StoreLayout;
import io.catena.core.spi.LocalityCounts;
import io.catena.core.spi.StorageLocality;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Where Cassandra keeps each chain key: the Murmur3 token of its partition key
 * ({@link Murmur3Positions}) and the ring's primary replica of that token, from the driver's token
 * map. The {@link #layout()} is read from the driver's metadata at each call, which the driver
 * refreshes when a node joins, moves or leaves. Thread-safe.
 */
final class RingLocality implements StorageLocality {

    private final CqlSession session;
    private final PinnedCalls calls;

    private RingLocality(CqlSession session, PinnedCalls calls) {
        this.session = session;
        this.calls = calls;
    }

    /**
     * Reads the ring once, so that a cluster Catena cannot place keys on (no token map, another
     * partitioner) is refused when the store opens rather than at the first layout check.
     *
     * @throws CassandraSchemaException if the ring cannot be read as Murmur3 tokens
     */
    static RingLocality of(CqlSession session, PinnedCalls calls) {
        ringOf(session.getMetadata());
        return new RingLocality(session, calls);
    }

    @Override
    public KeyPositions positions() {
        return Murmur3Positions.INSTANCE;
    }

    @Override
    public StoreLayout layout() {
        return ringOf(session.getMetadata()).layout();
    }

    @Override
    public LocalityCounts localityCounts() {
        return calls.counts();
    }

    /** A node's CQL address as {@code host:port}: what an operator sees in nodetool and cqlsh. */
    static String nameOf(Node node) {
        SocketAddress address = node.getBroadcastRpcAddress().map(a -> (SocketAddress) a)
                .orElseGet(() -> node.getEndPoint().resolve());
        if (address instanceof InetSocketAddress inet) {
            return inet.getAddress().getHostAddress() + ":" + inet.getPort();
        }
        return address.toString();
    }

    private static TokenRing ringOf(Metadata metadata) {
        TokenMap tokenMap = metadata.getTokenMap().orElseThrow(() -> new CassandraSchemaException(
                "The Cassandra driver has no token map, so chain keys cannot be placed beside their data;"
                        + " enable advanced.metadata.token-map and schema metadata in the driver configuration."));
        if (!tokenMap.getPartitionerName().endsWith("Murmur3Partitioner")) {
            throw new CassandraSchemaException("Cassandra uses partitioner " + tokenMap.getPartitionerName()
                    + " but Catena places keys by Murmur3Partitioner tokens; use a cluster with the default partitioner.");
        }
        Map<String, List<Long>> tokensByNode = new HashMap<>();
        for (Node node : metadata.getNodes().values()) {
            List<Long> tokens = new ArrayList<>();
            for (Token t : tokenMap.getTokens(node)) {
                tokens.add(Long.parseLong(tokenMap.format(t)));
            }
            if (!tokens.isEmpty()) {
                tokensByNode.put(nameOf(node), tokens);
            }
        }
        return new TokenRing(tokensByNode);
    }
}
