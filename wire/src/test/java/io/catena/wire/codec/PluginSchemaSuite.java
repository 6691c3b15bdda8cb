package io.catena.wire.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.catena.core.message.Message;
import io.catena.core.message.MessageKind;
import io.catena.wire.Frame;
import io.catena.wire.FrameKind;
import io.catena.wire.MalformedFrameException;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;

/**
 * What every protocol's wire schema passes, in the protocol's wire module: the codec finds the
 * schema on the classpath for each of its kinds, every kind has a generator whose samples survive
 * both codecs, malformed bodies of its kinds are refused in one sentence, hostile bytes (every strict prefix,
 * one-byte edits) of its frames fail cleanly, Smile is the smaller encoding of its typical frames, and the JSON encodings of its golden frames are fixed in {@code golden-frames.jsonl}
 * beside the subclass, so a change to the protocol's wire format is a deliberate edit of that
 * file. (jqwik examples, because arbitraries generate only on jqwik's threads; the samples come
 * from a fixed seed.)
 */
public abstract class PluginSchemaSuite {

    private static final long SEED = 0x5EED_CA7EL;

    private final Random random = new Random(SEED);

    /** The schema under test, as registered in {@code META-INF/services}. */
    protected abstract Class<? extends PluginSchema> schema();

    /** Every kind of the schema with a generator of its messages. */
    protected abstract Map<MessageKind, Arbitrary<? extends Message>> byKind();

    /** In the order of {@code golden-frames.jsonl}. */
    protected abstract List<Frame> goldenFrames();

    /** A client message's body, valid JSON (and, transcoded, Smile), and the one sentence that refuses it. */
    public record Malformed(String body, String reason) {
    }

    /** Bodies of the schema's kinds that must fail, each with exactly the reason a log line shows. */
    protected abstract List<Malformed> malformed();

    /** Frames of the protocol's hot path, whose sizes are printed and must be smaller in Smile. */
    protected abstract List<Frame> typicalFrames();

    @Example
    void theCodecFindsTheSchemaForEachOfItsKinds() {
        MessageKinds kinds = MessageKinds.onClasspath();

        assertThat(byKind().keySet()).allSatisfy(kind -> {
            assertThat(kinds.kind(kind.wireId())).isSameAs(kind);
            assertThat(kinds.schema(kind)).isInstanceOf(schema());
        });
    }

    @Example
    void everyKindHasAGeneratorAndRoundTrips() throws ReflectiveOperationException, MalformedFrameException {
        PluginSchema schema = schema().getConstructor().newInstance();

        assertThat(byKind().keySet()).containsExactlyInAnyOrderElementsOf(schema.kinds());
        WireAssertions.assertEveryKindRoundTrips(byKind(), random);
    }

    @Example
    void malformedBodiesAreRefusedInOneSentence() {
        for (Malformed m : malformed()) {
            for (JacksonWireCodec codec : List.of(JacksonWireCodec.json(), JacksonWireCodec.smile())) {
                assertThatThrownBy(() -> Bodies.decode(codec, FrameKind.CLIENT_MESSAGE, Bodies.body(codec, m.body())))
                        .as("%s %s", codec.name(), m.body())
                        .isInstanceOf(MalformedFrameException.class)
                        .hasMessage("malformed CLIENT_MESSAGE frame: " + m.reason());
            }
        }
    }

    @Example
    void hostileBodiesOfItsKindsFailCleanly() {
        WireAssertions.assertHostileBodiesFailCleanly(byKind(), random);
    }

    @Example
    void smileIsSmallerThanJsonForTypicalFrames() {
        WireAssertions.assertSmileSmaller(typicalFrames());
    }

    @Example
    void jsonEncodingsAreFixed() throws IOException, MalformedFrameException {
        WireAssertions.assertJsonEncodingsFixed(getClass(), goldenFrames());
    }
}
