package io.catena.wire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.catena.core.data.Row;
import io.catena.core.id.RequestId;
import io.catena.core.message.SubmitTxn;
import io.catena.core.txn.TxnSpec;
import io.catena.wire.codec.JacksonWireCodec;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFuture;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.EncoderException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** {@link FrameEncoder} and {@link FrameDecoder} on embedded channels. */
class FrameCodecTest {

    private static final WireCodec CODEC = JacksonWireCodec.smile();
    private static final List<Frame> FRAMES = List.of(
            Hello.node("prod", "eu", "digest", "settings", 1_500_000, "a"),
            new ClientMessage(new SubmitTxn(new RequestId(3, 7), new TxnSpec.ProcedureCall("p", 1, Row.EMPTY), 0)),
            new ErrorNotice(ErrorNotice.Code.INVALID, new RequestId(1, 2), "no"),
            new Refusal("bye"));

    private final EmbeddedChannel decoder = new EmbeddedChannel(new FrameDecoder(CODEC, 1024));

    @AfterEach
    void closeChannels() {
        decoder.finishAndReleaseAll();
    }

    @Test
    void encoderWritesLengthOfKindAndBodyThenKindThenBody() {
        Frame frame = new Refusal("bye");
        ByteBuf body = Unpooled.buffer();
        CODEC.encode(frame, body);

        byte[] wire = encode(frame);

        ByteBuf expected = Unpooled.buffer().writeInt(1 + body.readableBytes()).writeByte(FrameKind.REFUSAL.wireId())
                .writeBytes(body);
        assertThat(wire).isEqualTo(ByteBufUtil.getBytes(expected));
        body.release();
        expected.release();
    }

    @Test
    void severalFramesInOneBufferAreDecodedInOrder() {
        decoder.writeInbound(Unpooled.wrappedBuffer(encodeAll(FRAMES)));

        assertThat(readAll()).isEqualTo(FRAMES);
    }

    @Test
    void framesArrivingOneByteAtATimeAreDecodedOnceComplete() {
        byte[] wire = encodeAll(FRAMES);
        List<Object> decoded = new ArrayList<>();
        int firstFrameEnd = encode(FRAMES.get(0)).length;

        for (int i = 0; i < wire.length; i++) {
            decoder.writeInbound(Unpooled.wrappedBuffer(wire, i, 1));
            decoded.addAll(readAll());
            if (i == firstFrameEnd - 2) {
                assertThat(decoded).as("before the first frame's last byte").isEmpty();
            }
            if (i == firstFrameEnd - 1) {
                assertThat(decoded).as("at the first frame's last byte").containsExactly(FRAMES.get(0));
            }
        }

        assertThat(decoded).isEqualTo(FRAMES);
    }

    @Test
    void aMalformedBodyIsReportedAndTheNextFrameStillArrives() {
        ByteBuf wire = Unpooled.buffer();
        byte[] garbage = "not smile".getBytes(StandardCharsets.US_ASCII);
        wire.writeInt(1 + garbage.length).writeByte(FrameKind.CLIENT_MESSAGE.wireId()).writeBytes(garbage);
        wire.writeBytes(encode(FRAMES.get(1)));

        decoder.writeInbound(wire);
        List<Object> decoded = readAll();

        assertThat(decoded).hasSize(2);
        DecodeFailure failure = (DecodeFailure) decoded.get(0);
        assertThat(failure.fatal()).isFalse();
        assertThat(failure.code()).isEqualTo(ErrorNotice.Code.MALFORMED);
        assertThat(failure.reason()).startsWith("malformed CLIENT_MESSAGE frame: ");
        assertThat(decoded.get(1)).isEqualTo(FRAMES.get(1));
        assertThat(decoder.isOpen()).isTrue();
    }

    @Test
    void anOversizedLengthIsFatalAsSoonAsTheLengthArrivesAndLaterBytesAreDiscarded() {
        decoder.writeInbound(Unpooled.buffer().writeInt(1025));

        assertThat(readAll()).containsExactly(new DecodeFailure(ErrorNotice.Code.TOO_LARGE,
                "a frame of 1025 bytes exceeds the frame limit of 1024 bytes", true));

        decoder.writeInbound(Unpooled.wrappedBuffer(encodeAll(FRAMES)));
        assertThat(readAll()).isEmpty();
        assertThat(decoder.isOpen()).as("closing is the handler's decision").isTrue();
    }

    @Test
    void aLengthWithTheTopBitSetIsTooLargeNotNegative() {
        decoder.writeInbound(Unpooled.buffer().writeInt(-1));

        assertThat(readAll()).containsExactly(new DecodeFailure(ErrorNotice.Code.TOO_LARGE,
                "a frame of 4294967295 bytes exceeds the frame limit of 1024 bytes", true));
    }

    @Test
    void aZeroLengthIsFatal() {
        decoder.writeInbound(Unpooled.buffer().writeInt(0).writeBytes(encode(FRAMES.get(0))));

        assertThat(readAll()).containsExactly(new DecodeFailure(ErrorNotice.Code.MALFORMED,
                "a frame of length 0 has no kind byte", true));
    }

    @Test
    void anUnknownKindIsFatalBeforeItsBodyArrives() {
        decoder.writeInbound(Unpooled.buffer().writeInt(1000).writeByte(200));

        assertThat(readAll()).containsExactly(new DecodeFailure(ErrorNotice.Code.MALFORMED, "frame kind 200 is unknown", true));

        decoder.writeInbound(Unpooled.wrappedBuffer(encodeAll(FRAMES)));
        assertThat(readAll()).isEmpty();
    }

    @Test
    void aFrameCutShortByTheEndOfTheConnectionIsDropped() {
        byte[] wire = encode(FRAMES.get(0));
        decoder.writeInbound(Unpooled.wrappedBuffer(wire, 0, wire.length - 1));

        assertThat(decoder.finish()).isFalse();
        assertThat(readAll()).isEmpty();
    }

    @Test
    void aFrameAtExactlyTheLimitPassesAndOneByteMoreIsRefusedByTheEncoder() {
        // A frame of a reason of n characters is n + c bytes long (for strings past Smile's short form).
        int c = encode(new Refusal("x".repeat(100))).length - WireProtocol.LENGTH_BYTES - 100;
        Refusal atLimit = new Refusal("x".repeat(1024 - c));
        Refusal overLimit = new Refusal("x".repeat(1024 - c + 1));
        EmbeddedChannel encoder = new EmbeddedChannel(new FrameEncoder(CODEC, 1024));

        ChannelFuture refused = encoder.writeOneOutbound(overLimit);
        encoder.flushOutbound();
        encoder.writeOutbound(atLimit);
        ByteBuf written = encoder.readOutbound();

        assertThat(refused.isSuccess()).isFalse();
        assertThat(refused.cause()).isInstanceOf(EncoderException.class)
                .hasMessage("a REFUSAL frame of 1025 bytes exceeds the frame limit of 1024 bytes");
        assertThat(written.getInt(0)).isEqualTo(1024);
        decoder.writeInbound(written);
        assertThat(readAll()).containsExactly(atLimit);
        assertThat(encoder.finishAndReleaseAll()).isFalse();
    }

    @Test
    void aFrameTheCodecCannotEncodeFailsItsWriteOnly() {
        EmbeddedChannel encoder = new EmbeddedChannel(new FrameEncoder(CODEC));

        ChannelFuture refused = encoder.writeOneOutbound(new Welcome(1, null, "eu", 0, 0));
        encoder.flushOutbound();
        encoder.writeOutbound(FRAMES.get(0));

        assertThat(refused.cause()).isInstanceOf(EncoderException.class)
                .hasMessageContaining("Welcome.cluster is null");
        ByteBuf written = encoder.readOutbound();
        decoder.writeInbound(written);
        assertThat(readAll()).containsExactly(FRAMES.get(0));
        assertThat(encoder.finishAndReleaseAll()).isFalse();
    }

    @Test
    void limitsBelowOneByteAreRejected() {
        assertThatThrownBy(() -> new FrameDecoder(CODEC, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new FrameEncoder(CODEC, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new FrameDecoder(null)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aFailureBecomesTheNoticeThatTellsThePeer() {
        DecodeFailure failure = new DecodeFailure(ErrorNotice.Code.TOO_LARGE, "too big", true);

        assertThat(failure.toNotice()).isEqualTo(new ErrorNotice(ErrorNotice.Code.TOO_LARGE, null, "too big"));
        assertThatThrownBy(() -> new DecodeFailure(null, "x", false)).isInstanceOf(IllegalArgumentException.class);
    }

    private static byte[] encode(Frame frame) {
        EmbeddedChannel encoder = new EmbeddedChannel(new FrameEncoder(CODEC));
        encoder.writeOutbound(frame);
        ByteBuf out = encoder.readOutbound();
        byte[] bytes = ByteBufUtil.getBytes(out);
        out.release();
        encoder.finishAndReleaseAll();
        return bytes;
    }

    static byte[] encodeAll(List<Frame> frames) {
        ByteBuf all = Unpooled.buffer();
        frames.forEach(f -> all.writeBytes(encode(f)));
        byte[] bytes = ByteBufUtil.getBytes(all);
        all.release();
        return bytes;
    }

    private List<Object> readAll() {
        List<Object> out = new ArrayList<>();
        Object o;
        while ((o = decoder.readInbound()) != null) {
            out.add(o);
        }
        return out;
    }
}
