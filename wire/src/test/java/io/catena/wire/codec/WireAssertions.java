package io.catena.wire.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.core.SerializableString;
import io.catena.core.id.NodeId;
import io.catena.core.id.RegionId;
import io.catena.core.message.Message;
import io.catena.core.message.MessageKind;
import io.catena.wire.ClientMessage;
import io.catena.wire.Frame;
import io.catena.wire.MalformedFrameException;
import io.catena.wire.NodeMessage;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.RandomGenerator;

/** The checks that core's schema and every protocol's schema share. */
public final class WireAssertions {

    private static final int SAMPLES_PER_TYPE = 20;
    private static final int HOSTILE_SAMPLES_PER_TYPE = 4;
    private static final int MUTATIONS_PER_SAMPLE = 200;

    private WireAssertions() {
    }

    /** Samples of each kind, from a client and between nodes, survive both codecs. */
    static void assertEveryKindRoundTrips(Map<MessageKind, Arbitrary<? extends Message>> byKind, Random random)
            throws MalformedFrameException {
        for (Map.Entry<MessageKind, Arbitrary<? extends Message>> e : byKind.entrySet()) {
            for (Message m : samples(e.getValue(), random)) {
                assertThat(m.type()).isEqualTo(e.getKey());
                assertRoundTrips(new ClientMessage(m));
                assertRoundTrips(new NodeMessage(NodeId.resolver(RegionId.of(1)), NodeId.client(RegionId.of(1), 3), m));
            }
        }
    }

    /**
     * Samples of each kind, between nodes, in either codec: every strict prefix of the body is
     * malformed, and one-byte edits of it decode or are refused in one line, never otherwise.
     */
    static void assertHostileBodiesFailCleanly(Map<MessageKind, Arbitrary<? extends Message>> byKind, Random random) {
        for (Arbitrary<? extends Message> arbitrary : byKind.values()) {
            for (Message m : samples(arbitrary, random).subList(0, HOSTILE_SAMPLES_PER_TYPE)) {
                Frame frame = new NodeMessage(NodeId.resolver(RegionId.of(1)), NodeId.client(RegionId.of(1), 3), m);
                for (JacksonWireCodec codec : List.of(JacksonWireCodec.smile(), JacksonWireCodec.json())) {
                    byte[] body = Bodies.encode(codec, frame);
                    for (int length = 0; length < body.length; length++) {
                        byte[] prefix = Arrays.copyOf(body, length);
                        assertThatThrownBy(() -> Bodies.decode(codec, frame.kind(), prefix))
                                .as("%s: prefix of %d of %d bytes", m.type(), length, body.length)
                                .isInstanceOf(MalformedFrameException.class)
                                .hasMessageStartingWith("malformed " + frame.kind() + " frame: ");
                    }
                    for (int i = 0; i < MUTATIONS_PER_SAMPLE; i++) {
                        byte[] mutated = ByteMutations.mutate(body, random.nextInt(3), random.nextInt(body.length),
                                (byte) random.nextInt(256));
                        ByteMutations.decodeFailsCleanlyOrSucceeds(codec, frame.kind(), mutated, random.nextBoolean());
                    }
                }
            }
        }
    }

    /** The frames' JSON encodings are the lines of {@code golden-frames.jsonl} beside {@code anchor}. */
    static void assertJsonEncodingsFixed(Class<?> anchor, List<Frame> frames) throws IOException, MalformedFrameException {
        List<String> lines = goldenLines(anchor);

        assertThat(lines).hasSameSizeAs(frames);
        for (int i = 0; i < frames.size(); i++) {
            Frame frame = frames.get(i);
            byte[] golden = lines.get(i).getBytes(StandardCharsets.UTF_8);

            assertThat(Bodies.text(Bodies.encode(JacksonWireCodec.json(), frame))).as("line %d", i + 1)
                    .isEqualTo(lines.get(i));
            assertThat(Bodies.decode(JacksonWireCodec.json(), frame.kind(), golden)).as("line %d", i + 1)
                    .isEqualTo(frame);
        }
    }

    static void assertRoundTrips(Frame frame) throws MalformedFrameException {
        for (JacksonWireCodec codec : List.of(JacksonWireCodec.smile(), JacksonWireCodec.json())) {
            assertThat(Bodies.decode(codec, frame.kind(), Bodies.encode(codec, frame))).as(codec.name()).isEqualTo(frame);
        }
    }

    /** Smile is smaller than JSON for each frame; the sizes are printed for the record, not asserted. */
    static void assertSmileSmaller(List<Frame> frames) {
        for (Frame frame : frames) {
            int smile = Bodies.encode(JacksonWireCodec.smile(), frame).length;
            int json = Bodies.encode(JacksonWireCodec.json(), frame).length;
            System.out.printf("%s %s: smile %d bytes, json %d bytes%n", frame.kind(), describe(frame), smile, json);

            assertThat(smile).as(describe(frame)).isLessThan(json);
        }
    }

    static <T> List<T> samples(Arbitrary<T> arbitrary, Random random) {
        RandomGenerator<T> generator = arbitrary.generator(100);
        return Stream.generate(() -> generator.next(random).value()).limit(SAMPLES_PER_TYPE).toList();
    }

    private static List<String> goldenLines(Class<?> anchor) throws IOException {
        try (InputStream in = anchor.getResourceAsStream("golden-frames.jsonl")) {
            assertThat(in).as("golden-frames.jsonl beside %s on the test classpath", anchor.getName()).isNotNull();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        }
    }

    /**
     * Every field name {@code names} declares (its static {@code SerializableString}s) is at most
     * 15 printable ASCII characters, as {@code EncodedSize} counts every name.
     */
    public static void assertFieldNamesFitTheBound(Class<?> names) {
        for (Field f : names.getDeclaredFields()) {
            if (Modifier.isStatic(f.getModifiers()) && f.getType() == SerializableString.class) {
                assertThat(f.trySetAccessible()).as(f.getName()).isTrue();
                String name;
                try {
                    name = ((SerializableString) f.get(null)).getValue();
                } catch (IllegalAccessException e) {
                    throw new AssertionError(e);
                }
                assertThat(name).as(f.getName()).hasSizeLessThanOrEqualTo(15).matches("[\\x21-\\x7e]+");
            }
        }
    }

    private static String describe(Frame frame) {
        if (frame instanceof NodeMessage n) {
            return n.message().getClass().getSimpleName();
        }
        return frame instanceof ClientMessage c ? c.message().getClass().getSimpleName() : frame.getClass().getSimpleName();
    }
}
