package io.catena.storage.cassandra;

import com.datastax.oss.driver.api.core.ProtocolVersion;
import com.datastax.oss.driver.api.core.type.codec.TypeCodecs;
import com.datastax.oss.driver.internal.core.metadata.token.Murmur3Token;
import com.datastax.oss.driver.internal.core.metadata.token.Murmur3TokenFactory;
import com.datastax.oss.driver.internal.core.util.RoutingKey;
import io.catena.core.data.ChainKey;
import io.catena.core.membership.KeyPositions;
import java.nio.ByteBuffer;

/**
 * A chain key's position on Cassandra's ring: the Murmur3 token of its partition key
 * {@code (tbl, part)} in the {@code data} table, hashed by the driver exactly as Cassandra hashes a
 * composite partition key, written as eight big-endian bytes with the sign bit flipped so that
 * unsigned byte order is token order. Needs no connection: every process computes the same
 * position. Stateless.
 */
public final class Murmur3Positions implements KeyPositions {

    public static final String SCHEME = "cassandra-murmur3";
    public static final Murmur3Positions INSTANCE = new Murmur3Positions();

    private static final Murmur3TokenFactory TOKENS = new Murmur3TokenFactory();

    private Murmur3Positions() {
    }

    @Override
    public String scheme() {
        return SCHEME;
    }

    @Override
    public byte[] positionOf(ChainKey key) {
        return ofToken(tokenOf(key));
    }

    /** The Murmur3 token of the key's partition in the {@code data} table. */
    static long tokenOf(ChainKey key) {
        ByteBuffer partitionKey = RoutingKey.compose(TypeCodecs.TEXT.encode(key.table(), ProtocolVersion.DEFAULT),
                TypeCodecs.TEXT.encode(key.partition(), ProtocolVersion.DEFAULT));
        return ((Murmur3Token) TOKENS.hash(partitionKey)).getValue();
    }

    /** The position of {@code token}: tokens run from Long.MIN_VALUE up, positions from all-zero bytes up. */
    static byte[] ofToken(long token) {
        return ByteBuffer.allocate(Long.BYTES).putLong(token ^ Long.MIN_VALUE).array();
    }
}
