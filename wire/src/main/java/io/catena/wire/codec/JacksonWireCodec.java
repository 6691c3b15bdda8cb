package io.catena.wire.codec;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.StreamWriteConstraints;
import com.fasterxml.jackson.core.StreamWriteFeature;
import com.fasterxml.jackson.core.TSFBuilder;
import com.fasterxml.jackson.dataformat.smile.SmileFactory;
import com.fasterxml.jackson.dataformat.smile.SmileGenerator;
import com.fasterxml.jackson.dataformat.smile.SmileParser;
import io.catena.wire.Frame;
import io.catena.wire.FrameKind;
import io.catena.wire.MalformedFrameException;
import io.catena.wire.WireCodec;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufInputStream;
import io.netty.buffer.ByteBufOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Objects;

/**
 * The {@link WireCodec} over Jackson's streaming API: {@link #smile()} (binary, the default on
 * the wire) and {@link #json()} (the same structure as text, for debugging). The schema of every
 * frame and message is written out by hand in this package (see {@code package-info}), so the
 * wire format depends neither on reflection nor on Java class or field names changing in core;
 * there is no per-call setup beyond creating one generator or parser.
 *
 * <p><b>Decoding</b> treats its input as hostile: Jackson's {@link StreamReadConstraints} bound
 * nesting depth, string, name and number lengths; the schema readers accept exactly the fields of
 * each object in order (an unknown, missing or misplaced field is an error), reject nulls where a
 * value is required, reject unknown tags and message type ids, and reject bytes after the body.
 * Every failure, including an {@link IllegalArgumentException} from a core constructor, surfaces
 * as a {@link MalformedFrameException} whose message is one sentence, e.g. {@code malformed
 * NODE_MESSAGE frame: message type id 99 is unknown}; no runtime exception escapes.
 *
 * <p><b>Encoding</b> fails with {@link IllegalArgumentException} (and leaves {@code out}'s writer
 * index where it was) if a frame breaks the schema: a null where a value is required, a string
 * or nesting beyond the limits the decoder enforces, or (Smile) a string that is not valid
 * Unicode. The sender's bug thus shows up at the sender.
 *
 * <p>Instances are immutable and thread-safe; share them.
 */
public final class JacksonWireCodec implements WireCodec {

    /** Longest reason quoted in a {@link MalformedFrameException}, so log lines stay lines. */
    private static final int MAX_REASON_CHARS = 200;

    private static final JacksonWireCodec SMILE = new JacksonWireCodec("smile", configure(SmileFactory.builder()
            .enable(SmileGenerator.Feature.WRITE_HEADER)
            .enable(SmileParser.Feature.REQUIRE_HEADER)
            // Table names, partition keys and column values repeat across an epoch's records;
            // shared values turn each repeat into a one-byte back-reference.
            .enable(SmileGenerator.Feature.CHECK_SHARED_STRING_VALUES)));

    private static final JacksonWireCodec JSON = new JacksonWireCodec("json", configure(JsonFactory.builder()));

    private final String name;
    private final JsonFactory factory;

    private JacksonWireCodec(String name, JsonFactory factory) {
        this.name = name;
        this.factory = factory;
    }

    /** The binary codec, named {@code smile}. */
    public static JacksonWireCodec smile() {
        return SMILE;
    }

    /** The text codec, named {@code json}: the same schema, readable in a packet capture. */
    public static JacksonWireCodec json() {
        return JSON;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public void encode(Frame frame, ByteBuf out) {
        Objects.requireNonNull(frame, "frame");
        Objects.requireNonNull(out, "out");
        int start = out.writerIndex();
        try (JsonGenerator g = factory.createGenerator((OutputStream) new ByteBufOutputStream(out))) {
            FrameSchema.write(new WireWriter(g), frame);
        } catch (IOException | RuntimeException e) {
            out.writerIndex(start);
            throw new IllegalArgumentException("cannot encode " + frame.kind() + " frame: " + reason(e), e);
        }
    }

    @Override
    public Frame decode(FrameKind kind, ByteBuf in) throws MalformedFrameException {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(in, "in");
        int bodyBytes = in.readableBytes();
        try (JsonParser p = parser(in)) {
            WireReader r = new WireReader(p);
            r.start();
            Frame frame = FrameSchema.read(kind, r);
            r.finish(bodyBytes);
            return frame;
        } catch (IOException | RuntimeException e) {
            // RuntimeException: core constructors validate (IllegalArgumentException), and any
            // other surprise from hostile bytes must still reach the caller as a bad frame.
            throw new MalformedFrameException("malformed " + kind + " frame: " + reason(e), e);
        } finally {
            in.readerIndex(in.writerIndex());
        }
    }

    @Override
    public String toString() {
        return "JacksonWireCodec[" + name + "]";
    }

    /**
     * A parser over the body as a stream, whatever the buffer: only then do Jackson's byte offsets
     * count from the body's first byte in both formats (array input with an offset reports
     * positions in the whole array for Smile), which {@link WireReader#finish} relies on.
     */
    private JsonParser parser(ByteBuf in) throws IOException {
        return factory.createParser((InputStream) new ByteBufInputStream(in));
    }

    private static <F extends JsonFactory, B extends TSFBuilder<F, B>> F configure(TSFBuilder<F, B> builder) {
        return builder
                .streamReadConstraints(StreamReadConstraints.builder()
                        .maxNestingDepth(WireLimits.MAX_NESTING_DEPTH)
                        .maxStringLength(WireLimits.MAX_STRING_CHARS)
                        .maxNameLength(WireLimits.MAX_NAME_CHARS)
                        .maxNumberLength(WireLimits.MAX_NUMBER_CHARS)
                        .build())
                .streamWriteConstraints(StreamWriteConstraints.builder()
                        .maxNestingDepth(WireLimits.MAX_NESTING_DEPTH)
                        .build())
                // The codec owns neither the buffer nor the frame's structure: a failed write
                // must not close the stream or append closing brackets to half a body.
                .disable(StreamReadFeature.AUTO_CLOSE_SOURCE)
                .disable(StreamWriteFeature.AUTO_CLOSE_TARGET)
                .disable(StreamWriteFeature.AUTO_CLOSE_CONTENT)
                .build();
    }

    /** One line of text for a log: Jackson's message without its location, or ours. */
    private static String reason(Exception e) {
        String message = e instanceof JacksonException je ? je.getOriginalMessage() : e.getMessage();
        if (message == null || message.isBlank()) {
            message = e.getClass().getSimpleName();
        }
        StringBuilder line = new StringBuilder(Math.min(message.length(), MAX_REASON_CHARS) + 3);
        for (int i = 0; i < message.length() && i < MAX_REASON_CHARS; i++) {
            char c = message.charAt(i);
            line.append(Character.isISOControl(c) ? ' ' : c);
        }
        if (message.length() > MAX_REASON_CHARS) {
            line.append("...");
        }
        return line.toString();
    }
}
