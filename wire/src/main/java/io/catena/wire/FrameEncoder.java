package io.catena.wire;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.EncoderException;
import io.netty.handler.codec.MessageToByteEncoder;

/**
 * Writes {@link Frame}s as {@code length (4 bytes, big-endian) | kind (1 byte) | body}, where
 * {@code length} counts the kind byte and the body and the body comes from a {@link WireCodec}.
 *
 * <p>A frame that cannot be encoded (see {@link WireCodec#encode}) or whose length would exceed
 * {@code maxFrameBytes} is not written: its write future fails with an {@link EncoderException}
 * naming the reason, and the connection carries on. Keeping the limit equal to the peer's
 * {@link FrameDecoder} limit means an oversized frame fails here instead of closing the peer's
 * connection.
 *
 * <p>Immutable and {@link ChannelHandler.Sharable}.
 */
@ChannelHandler.Sharable
public final class FrameEncoder extends MessageToByteEncoder<Frame> {

    private final WireCodec codec;
    private final int maxFrameBytes;

    /** An encoder with the default limit {@link WireProtocol#DEFAULT_MAX_FRAME_BYTES}. */
    public FrameEncoder(WireCodec codec) {
        this(codec, WireProtocol.DEFAULT_MAX_FRAME_BYTES);
    }

    /** An encoder that refuses frames whose length (kind byte and body) exceeds {@code maxFrameBytes}. */
    public FrameEncoder(WireCodec codec, int maxFrameBytes) {
        super(Frame.class);
        if (codec == null) {
            throw new IllegalArgumentException("a frame encoder needs a codec");
        }
        if (maxFrameBytes < 1) {
            throw new IllegalArgumentException("the frame limit must be at least 1 byte: " + maxFrameBytes);
        }
        this.codec = codec;
        this.maxFrameBytes = maxFrameBytes;
    }

    @Override
    protected void encode(ChannelHandlerContext ctx, Frame frame, ByteBuf out) {
        int start = out.writerIndex();
        out.writeInt(0);
        out.writeByte(frame.kind().wireId());
        codec.encode(frame, out);
        int length = out.writerIndex() - start - WireProtocol.LENGTH_BYTES;
        if (length > maxFrameBytes) {
            out.writerIndex(start);
            throw new EncoderException("a " + frame.kind() + " frame of " + length
                    + " bytes exceeds the frame limit of " + maxFrameBytes + " bytes");
        }
        out.setInt(start, length);
    }
}
