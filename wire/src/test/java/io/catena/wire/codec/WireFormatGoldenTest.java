package io.catena.wire.codec;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.wire.MalformedFrameException;
import java.io.IOException;
import java.util.HexFormat;
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
        WireAssertions.assertJsonEncodingsFixed(WireFormatGoldenTest.class, GoldenFrames.all());
    }

    @Test
    void smileEncodingIsFixed() throws MalformedFrameException {
        byte[] golden = HexFormat.of().parseHex(REPLY_SMILE_HEX);

        assertThat(HexFormat.of().formatHex(Bodies.encode(JacksonWireCodec.smile(), TypicalFrames.reply())))
                .isEqualTo(REPLY_SMILE_HEX);
        assertThat(Bodies.decode(JacksonWireCodec.smile(), TypicalFrames.reply().kind(), golden))
                .isEqualTo(TypicalFrames.reply());
    }
}
