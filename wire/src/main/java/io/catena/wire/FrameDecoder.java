package io.catena.wire;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;
import java.util.List;

/**
 * Reads frames written by {@link FrameEncoder}, however the bytes are split across reads, and
 * passes each on as a {@link Frame}, or as a {@link DecodeFailure} when it cannot (see there for
 * which failures are fatal). It never closes the channel and never throws for bad input: what
 * happens to the connection is the next handler's decision.
 *
 * <p>The frame header is checked as soon as it arrives, before the body is buffered, so a peer
 * announcing a frame beyond {@code maxFrameBytes} or of an unknown kind costs no memory.
 * A frame cut short by the end of the connection is dropped without a failure: there is nobody
 * left to tell.
 *
 * <p>One instance per channel (it remembers a fatal failure); used on the channel's event loop.
 */
public final class FrameDecoder extends ByteToMessageDecoder {

    private static final int HEADER_BYTES = WireProtocol.LENGTH_BYTES + 1;

    private final WireCodec codec;
    private final int maxFrameBytes;
    private boolean framingLost;

    /** A decoder with the default limit {@link WireProtocol#DEFAULT_MAX_FRAME_BYTES}. */
    public FrameDecoder(WireCodec codec) {
        this(codec, WireProtocol.DEFAULT_MAX_FRAME_BYTES);
    }

    /** A decoder that rejects frames whose length (kind byte and body) exceeds {@code maxFrameBytes}. */
    public FrameDecoder(WireCodec codec, int maxFrameBytes) {
        if (codec == null) {
            throw new IllegalArgumentException("a frame decoder needs a codec");
        }
        if (maxFrameBytes < 1) {
            throw new IllegalArgumentException("the frame limit must be at least 1 byte: " + maxFrameBytes);
        }
        this.codec = codec;
        this.maxFrameBytes = maxFrameBytes;
    }

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
        if (framingLost) {
            in.skipBytes(in.readableBytes());
            return;
        }
        if (in.readableBytes() < WireProtocol.LENGTH_BYTES) {
            return;
        }
        int start = in.readerIndex();
        long length = in.getUnsignedInt(start);
        if (length > maxFrameBytes) {
            loseFraming(in, out, ErrorNotice.Code.TOO_LARGE,
                    "a frame of " + length + " bytes exceeds the frame limit of " + maxFrameBytes + " bytes");
            return;
        }
        if (length == 0) {
            loseFraming(in, out, ErrorNotice.Code.MALFORMED, "a frame of length 0 has no kind byte");
            return;
        }
        if (in.readableBytes() < HEADER_BYTES) {
            return;
        }
        int kindId = in.getUnsignedByte(start + WireProtocol.LENGTH_BYTES);
        FrameKind kind = FrameKind.fromWireId(kindId);
        if (kind == null) {
            loseFraming(in, out, ErrorNotice.Code.MALFORMED, "frame kind " + kindId + " is unknown");
            return;
        }
        int frameEnd = start + WireProtocol.LENGTH_BYTES + (int) length;
        if (in.writerIndex() < frameEnd) {
            return;
        }
        ByteBuf body = in.slice(start + HEADER_BYTES, (int) length - 1);
        in.readerIndex(frameEnd);
        try {
            out.add(codec.decode(kind, body));
        } catch (MalformedFrameException e) {
            out.add(new DecodeFailure(ErrorNotice.Code.MALFORMED, e.getMessage(), false));
        }
    }

    private void loseFraming(ByteBuf in, List<Object> out, ErrorNotice.Code code, String reason) {
        framingLost = true;
        in.skipBytes(in.readableBytes());
        out.add(new DecodeFailure(code, reason, true));
    }
}
