package io.catena.wire.codec;

import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static io.catena.wire.codec.ByteMutations.decodeFailsCleanlyOrSucceeds;

import io.catena.wire.Frame;
import io.catena.wire.FrameArbitraries;
import io.catena.wire.FrameKind;
import io.catena.wire.MalformedFrameException;
import java.util.Arrays;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/**
 * Whatever bytes arrive, decoding either yields a frame or fails with a
 * {@link MalformedFrameException} whose message is one line naming the frame kind; no other
 * exception escapes. jqwik prints the seed of a failing run.
 */
class HostileInputPropertyTest {

    private static final byte[] SMILE_HEADER = {':', ')', '\n', 3};

    @Property(tries = 1000)
    void randomBytesFailCleanly(@ForAll @Size(max = 200) byte[] body, @ForAll FrameKind kind,
                                @ForAll("codecs") JacksonWireCodec codec, @ForAll boolean inFrame) {
        decodeFailsCleanlyOrSucceeds(codec, kind, body, inFrame);
    }

    @Property(tries = 1000)
    void randomBytesAfterASmileHeaderFailCleanly(@ForAll @Size(max = 200) byte[] tail, @ForAll FrameKind kind,
                                                 @ForAll boolean inFrame) {
        byte[] body = Arrays.copyOf(SMILE_HEADER, SMILE_HEADER.length + tail.length);
        System.arraycopy(tail, 0, body, SMILE_HEADER.length, tail.length);

        decodeFailsCleanlyOrSucceeds(JacksonWireCodec.smile(), kind, body, inFrame);
    }

    @Property(tries = 1000)
    void mutatedFramesFailCleanly(@ForAll("frames") Frame frame, @ForAll("codecs") JacksonWireCodec codec,
                                  @ForAll @IntRange(max = 10_000) int where, @ForAll byte value,
                                  @ForAll @IntRange(max = 2) int mutation, @ForAll boolean inFrame) {
        byte[] body = Bodies.encode(codec, frame);
        byte[] mutated = ByteMutations.mutate(body, mutation, where % body.length, value);

        decodeFailsCleanlyOrSucceeds(codec, frame.kind(), mutated, inFrame);
    }

    @Property(tries = 100)
    void everyStrictPrefixOfAFrameIsMalformed(@ForAll("frames") Frame frame, @ForAll("codecs") JacksonWireCodec codec) {
        byte[] body = Bodies.encode(codec, frame);

        for (int length = 0; length < body.length; length++) {
            byte[] prefix = Arrays.copyOf(body, length);
            assertThatThrownBy(() -> Bodies.decode(codec, frame.kind(), prefix))
                    .as("prefix of %d of %d bytes", length, body.length)
                    .isInstanceOf(MalformedFrameException.class)
                    .hasMessageStartingWith("malformed " + frame.kind() + " frame: ");
        }
    }

    @Property(tries = 300)
    void anyBytesAfterAFrameAreMalformed(@ForAll("frames") Frame frame, @ForAll("codecs") JacksonWireCodec codec,
                                         @ForAll @Size(min = 1, max = 8) byte[] tail, @ForAll boolean inFrame) {
        byte[] body = Bodies.encode(codec, frame);
        byte[] withTail = Arrays.copyOf(body, body.length + tail.length);
        System.arraycopy(tail, 0, withTail, body.length, tail.length);

        assertThatThrownBy(() -> Bodies.decode(codec, frame.kind(), withTail, inFrame))
                .isInstanceOf(MalformedFrameException.class)
                .hasMessageStartingWith("malformed " + frame.kind() + " frame: ");
    }

    @Property(tries = 300)
    void aFrameReadAsAnotherKindIsMalformed(@ForAll("frames") Frame frame, @ForAll FrameKind other,
                                            @ForAll("codecs") JacksonWireCodec codec) {
        Assume.that(other != frame.kind());
        byte[] body = Bodies.encode(codec, frame);

        assertThatThrownBy(() -> Bodies.decode(codec, other, body))
                .isInstanceOf(MalformedFrameException.class)
                .hasMessageStartingWith("malformed " + other + " frame: ");
    }

    @Provide
    Arbitrary<Frame> frames() {
        return FrameArbitraries.frames();
    }

    @Provide
    Arbitrary<JacksonWireCodec> codecs() {
        return Arbitraries.of(JacksonWireCodec.smile(), JacksonWireCodec.json());
    }
}
