package io.catena.wire.codec;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamWriteConstraints;
import com.fasterxml.jackson.dataformat.smile.SmileFactory;
import io.catena.wire.Frame;
import io.catena.wire.FrameKind;
import io.catena.wire.MalformedFrameException;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/** Frame bodies for tests: encoded frames as bytes, and hand-written bodies in either codec. */
public final class Bodies {

    /** Lenient factories, so tests can build bodies the codec must reject. */
    private static final JsonFactory JSON = JsonFactory.builder()
            .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(100_000)
                    .maxStringLength(Integer.MAX_VALUE).maxNameLength(Integer.MAX_VALUE)
                    .maxNumberLength(Integer.MAX_VALUE).build())
            .streamWriteConstraints(StreamWriteConstraints.builder().maxNestingDepth(100_000).build())
            .build();
    private static final SmileFactory SMILE = SmileFactory.builder()
            .streamWriteConstraints(StreamWriteConstraints.builder().maxNestingDepth(100_000).build())
            .build();

    private Bodies() {
    }

    public static byte[] encode(JacksonWireCodec codec, Frame frame) {
        ByteBuf out = Unpooled.buffer();
        try {
            codec.encode(frame, out);
            return ByteBufUtil.getBytes(out);
        } finally {
            out.release();
        }
    }

    /**
     * Decodes from a heap buffer or, when {@code inFrame}, from a slice of a direct buffer that
     * holds other bytes around the body, the way {@code FrameDecoder} passes it.
     */
    static Frame decode(JacksonWireCodec codec, FrameKind kind, byte[] body, boolean inFrame)
            throws MalformedFrameException {
        ByteBuf frame = inFrame ? Unpooled.directBuffer(body.length + 8) : Unpooled.buffer(Math.max(1, body.length));
        try {
            ByteBuf in = frame;
            if (inFrame) {
                frame.writeBytes(new byte[] {1, 2, 3, 4, 5}).writeBytes(body).writeBytes(new byte[] {6, 7, 8});
                in = frame.slice(5, body.length);
            } else {
                frame.writeBytes(body);
            }
            Frame decoded = codec.decode(kind, in);
            if (in.isReadable()) {
                throw new AssertionError("decode left " + in.readableBytes() + " bytes unread");
            }
            return decoded;
        } finally {
            frame.release();
        }
    }

    static Frame decode(JacksonWireCodec codec, FrameKind kind, byte[] body) throws MalformedFrameException {
        return decode(codec, kind, body, false);
    }

    /** A body written as JSON text, in the codec's format (transcoded for Smile). */
    static byte[] body(JacksonWireCodec codec, String json) {
        byte[] text = json.getBytes(StandardCharsets.UTF_8);
        return codec.name().equals("json") ? text : toSmile(text);
    }

    private static byte[] toSmile(byte[] json) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (JsonParser p = JSON.createParser(json); JsonGenerator g = SMILE.createGenerator(out)) {
            while (p.nextToken() != null) {
                g.copyCurrentEvent(p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    static String text(byte[] json) {
        return new String(json, StandardCharsets.UTF_8);
    }
}
