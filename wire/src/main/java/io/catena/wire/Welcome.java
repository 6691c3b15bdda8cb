package io.catena.wire;

/**
 * The answer to an accepted {@link Hello}: the acceptor's identity. For a client connection,
 * {@code clientIndex} is the address replies to this connection carry; for node peers it is -1.
 */
public record Welcome(int protocolVersion, String cluster, String region, int regionIndex, int clientIndex)
        implements Frame {

    @Override
    public FrameKind kind() {
        return FrameKind.WELCOME;
    }
}
