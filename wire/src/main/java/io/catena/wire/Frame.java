package io.catena.wire;

/**
 * One unit on a Catena connection. On the wire a frame is a 4-byte big-endian length, then one
 * byte naming the {@link FrameKind}, then the body encoded by a {@link WireCodec}. The first
 * frame each side sends is its {@link Hello}; nothing else is accepted before the handshake.
 */
public sealed interface Frame permits Hello, Welcome, Refusal, NodeMessage, ClientMessage, ErrorNotice {

    FrameKind kind();
}
