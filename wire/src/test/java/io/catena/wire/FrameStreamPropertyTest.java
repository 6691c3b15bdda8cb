package io.catena.wire;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.wire.codec.JacksonWireCodec;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/**
 * However a stream of frames is cut into reads, the decoder delivers exactly the frames written,
 * in order. jqwik prints the seed of a failing run.
 */
class FrameStreamPropertyTest {

    @Property(tries = 200)
    void framesSurviveAnySplitIntoReads(@ForAll @Size(max = 8) List<@net.jqwik.api.From("frames") Frame> frames,
                                        @ForAll("codecs") WireCodec codec,
                                        @ForAll @Size(max = 50) List<@IntRange(min = 1, max = 64) Integer> cuts) {
        EmbeddedChannel encoder = new EmbeddedChannel(new FrameEncoder(codec));
        EmbeddedChannel decoder = new EmbeddedChannel(new FrameDecoder(codec));
        ByteBuf wire = Unpooled.buffer();
        for (Frame frame : frames) {
            encoder.writeOutbound(frame);
            ByteBuf encoded = encoder.readOutbound();
            wire.writeBytes(encoded);
            encoded.release();
        }
        byte[] bytes = ByteBufUtil.getBytes(wire);
        wire.release();

        int at = 0;
        for (int cut : cuts) {
            int length = Math.min(cut, bytes.length - at);
            decoder.writeInbound(Unpooled.wrappedBuffer(bytes, at, length));
            at += length;
        }
        decoder.writeInbound(Unpooled.wrappedBuffer(bytes, at, bytes.length - at));

        List<Object> decoded = new ArrayList<>();
        Object o;
        while ((o = decoder.readInbound()) != null) {
            decoded.add(o);
        }
        assertThat(decoded).isEqualTo(frames);
        encoder.finishAndReleaseAll();
        decoder.finishAndReleaseAll();
    }

    @Provide
    Arbitrary<Frame> frames() {
        return FrameArbitraries.frames();
    }

    @Provide
    Arbitrary<WireCodec> codecs() {
        return Arbitraries.of(JacksonWireCodec.smile(), JacksonWireCodec.json());
    }
}
