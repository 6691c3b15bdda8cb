package io.catena.wire;

import io.netty.buffer.ByteBuf;

/**
 * Encodes and decodes frame bodies (the bytes after the length prefix and the kind byte).
 * Implementations are thread-safe. Decoding never trusts its input: anything that is not a valid
 * frame of the given kind raises {@link MalformedFrameException} with a one-sentence reason.
 */
public interface WireCodec {

    /** The codec's name in configuration ({@code smile}, {@code json}). */
    String name();

    /** Writes {@code frame}'s body to {@code out}. */
    void encode(Frame frame, ByteBuf out);

    /** Reads a body of {@code kind} from all readable bytes of {@code in}. */
    Frame decode(FrameKind kind, ByteBuf in) throws MalformedFrameException;
}
