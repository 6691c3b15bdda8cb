package io.catena.wire.codec;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.wire.Frame;
import io.catena.wire.MalformedFrameException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The wire format is a contract with peers running other builds: field names, field order, tags,
 * enum codes and Smile settings may change only together with {@code WireProtocol.VERSION}. These
 * encodings are fixed, so any change to them fails here first.
 */
class WireFormatGoldenTest {

    /** {@link TypicalFrames#reply()} in Smile: header with shared names and values, then the body. */
    private static final String REPLY_SMILE_HEX = "3a290a03fa8374797065c6866d657373616765fa8672657175657374f82401138e"
            + "240194f985726573756c74fa866f7574636f6d65c085726561736f6e21847265616473f8fa826b6579f8476163636f756e747346"
            + "616363742d313720f982726f77fa8662616c616e6365241766b8fbfbf9866f757470757473fafbfb8676657273696f6ef82401"
            + "7415b6c8f988636f6e74656e64656422fbfb";

    @Test
    void jsonEncodingsAreFixed() throws IOException, MalformedFrameException {
        List<Frame> frames = GoldenFrames.all();
        List<String> lines = goldenLines();

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

    @Test
    void smileEncodingIsFixed() throws MalformedFrameException {
        byte[] golden = HexFormat.of().parseHex(REPLY_SMILE_HEX);

        assertThat(HexFormat.of().formatHex(Bodies.encode(JacksonWireCodec.smile(), TypicalFrames.reply())))
                .isEqualTo(REPLY_SMILE_HEX);
        assertThat(Bodies.decode(JacksonWireCodec.smile(), TypicalFrames.reply().kind(), golden))
                .isEqualTo(TypicalFrames.reply());
    }

    private static List<String> goldenLines() throws IOException {
        try (InputStream in = WireFormatGoldenTest.class.getResourceAsStream("golden-frames.jsonl")) {
            assertThat(in).as("golden-frames.jsonl on the test classpath").isNotNull();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        }
    }
}
