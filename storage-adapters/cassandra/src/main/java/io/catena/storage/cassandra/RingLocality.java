package io.catena.storage.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.ProtocolVersion;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.metadata.TokenMap;
import com.datastax.oss.driver.api.core.metadata.token.Token;
import com.datastax.oss.driver.api.core.type.codec.TypeCodecs;
import io.catena.core.data.ChainKey;
import io.catena.core.spi.StorageLocality;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Where Cassandra keeps each chain key: the ring's nodes as the driver saw them at open, and the
 * primary replica of the Murmur3 token of a key's partition key {@code (tbl, part)} of the
 * {@code data} table. The token is hashed by the driver's token map, exactly as Cassandra hashes
 * the composite partition key; only the ring lookup is ours ({@link TokenRing}). Immutable.
 */
final class RingLocality implements StorageLocality {

    private final TokenMap tokenMap;
    private final TokenRing ring;

    private RingLocality(TokenMap tokenMap, TokenRing ring) {
        this.tokenMap = tokenMap;
        this.ring = ring;
    }

    static RingLocality of(CqlSession session) {
        TokenMap tokenMap = session.getMetadata().getTokenMap().orElseThrow(() -> new CassandraSchemaException(
                "The Cassandra driver has no token map, so chain keys cannot be placed beside their data;"
                        + " enable advanced.metadata.token-map and schema metadata in the driver configuration."));
        if (!tokenMap.getPartitionerName().endsWith("Murmur3Partitioner")) {
            throw new CassandraSchemaException("Cassandra uses partitioner " + tokenMap.getPartitionerName()
                    + " but Catena places keys by Murmur3Partitioner tokens; use a cluster with the default partitioner.");
        }
        Map<String, List<Long>> tokensByNode = new HashMap<>();
        for (Node node : session.getMetadata().getNodes().values()) {
            List<Long> tokens = new ArrayList<>();
            for (Token t : tokenMap.getTokens(node)) {
                tokens.add(Long.parseLong(tokenMap.format(t)));
            }
            if (!tokens.isEmpty()) {
                tokensByNode.put(nameOf(node), tokens);
            }
        }
        return new RingLocality(tokenMap, new TokenRing(tokensByNode));
    }

    @Override
    public List<String> storageNodes() {
        return ring.nodes();
    }

    @Override
    public int storageNodeOf(ChainKey key) {
        return ring.ownerOf(tokenOf(key));
    }

    /** The Murmur3 token of the key's partition in the {@code data} table. */
    long tokenOf(ChainKey key) {
        Token token = tokenMap.newToken(TypeCodecs.TEXT.encode(key.table(), ProtocolVersion.DEFAULT),
                TypeCodecs.TEXT.encode(key.partition(), ProtocolVersion.DEFAULT));
        return Long.parseLong(tokenMap.format(token));
    }

    /** A node's CQL address as {@code host:port}: what an operator sees in nodetool and cqlsh. */
    private static String nameOf(Node node) {
        SocketAddress address = node.getBroadcastRpcAddress().map(a -> (SocketAddress) a)
                .orElseGet(() -> node.getEndPoint().resolve());
        if (address instanceof InetSocketAddress inet) {
            return inet.getAddress().getHostAddress() + ":" + inet.getPort();
        }
        return address.toString();
    }
}
