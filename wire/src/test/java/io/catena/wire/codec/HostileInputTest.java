package io.catena.wire.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.catena.core.data.Datum;
import io.catena.core.data.Row;
import io.catena.core.id.RequestId;
import io.catena.core.message.SubmitTxn;
import io.catena.core.txn.TxnSpec;
import io.catena.wire.ClientMessage;
import io.catena.wire.FrameKind;
import io.catena.wire.MalformedFrameException;
import io.catena.wire.Refusal;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Inputs built to hurt the decoder: deep nesting, huge lengths, wrong formats, bytes after the body. */
class HostileInputTest {

    static List<JacksonWireCodec> codecs() {
        return List.of(JacksonWireCodec.smile(), JacksonWireCodec.json());
    }

    @ParameterizedTest
    @MethodSource("codecs")
    void emptyBodyIsMalformed(JacksonWireCodec codec) {
        assertThatThrownBy(() -> Bodies.decode(codec, FrameKind.HELLO, new byte[0]))
                .isInstanceOf(MalformedFrameException.class)
                .hasMessage("malformed HELLO frame: the body is empty");
    }

    @ParameterizedTest
    @MethodSource("codecs")
    void nestingBeyondTheLimitIsMalformedAtAnyDepth(JacksonWireCodec codec) {
        for (int depth : new int[] {WireLimits.MAX_NESTING_DEPTH, 1_000, 50_000}) {
            byte[] body = Bodies.body(codec, procedureCallWithArg("[".repeat(depth) + "]".repeat(depth)));

            assertThatThrownBy(() -> Bodies.decode(codec, FrameKind.CLIENT_MESSAGE, body))
                    .isInstanceOf(MalformedFrameException.class)
                    .hasMessageStartingWith("malformed CLIENT_MESSAGE frame: Document nesting depth (65) exceeds"
                            + " the maximum allowed (64");
        }
    }

    @ParameterizedTest
    @MethodSource("codecs")
    void nestedListsWithinTheLimitRoundTripAndDeeperOnesFailAtTheSender(JacksonWireCodec codec)
            throws MalformedFrameException {
        // ClientMessage, SubmitTxn, TxnSpec and the args row take four levels.
        ClientMessage deepest = submitWithNestedList(WireLimits.MAX_NESTING_DEPTH - 4);
        ClientMessage tooDeep = submitWithNestedList(WireLimits.MAX_NESTING_DEPTH - 3);

        assertThat(Bodies.decode(codec, FrameKind.CLIENT_MESSAGE, Bodies.encode(codec, deepest))).isEqualTo(deepest);
        assertThatThrownBy(() -> Bodies.encode(codec, tooDeep))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("cannot encode CLIENT_MESSAGE frame: Document nesting depth (65) exceeds");
    }

    @ParameterizedTest
    @MethodSource("codecs")
    void stringBeyondTheLimitIsMalformed(JacksonWireCodec codec) {
        byte[] body = Bodies.body(codec, "{\"reason\":\"" + "x".repeat(WireLimits.MAX_STRING_CHARS + 1) + "\"}");

        assertThatThrownBy(() -> Bodies.decode(codec, FrameKind.REFUSAL, body))
                .isInstanceOf(MalformedFrameException.class)
                .hasMessageStartingWith("malformed REFUSAL frame: String value length")
                .hasMessageContaining("exceeds the maximum allowed (" + WireLimits.MAX_STRING_CHARS);
    }

    @ParameterizedTest
    @MethodSource("codecs")
    void stringBeyondTheLimitFailsAtTheSender(JacksonWireCodec codec) {
        Refusal tooLong = new Refusal("x".repeat(WireLimits.MAX_STRING_CHARS + 1));

        assertThatThrownBy(() -> Bodies.encode(codec, tooLong))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("cannot encode REFUSAL frame: Refusal.reason has " + (WireLimits.MAX_STRING_CHARS + 1)
                        + " characters, more than the wire limit of " + WireLimits.MAX_STRING_CHARS);
    }

    @ParameterizedTest
    @MethodSource("codecs")
    void columnNameBeyondTheLimitIsMalformed(JacksonWireCodec codec) {
        String json = procedureCallWithArg("1").replace("\"a\":", "\"" + "c".repeat(WireLimits.MAX_NAME_CHARS + 1) + "\":");
        byte[] body = Bodies.body(codec, json);

        assertThatThrownBy(() -> Bodies.decode(codec, FrameKind.CLIENT_MESSAGE, body))
                .isInstanceOf(MalformedFrameException.class)
                .hasMessageStartingWith("malformed CLIENT_MESSAGE frame: ")
                .hasMessageContaining(String.valueOf(WireLimits.MAX_NAME_CHARS + 1))
                .hasMessageContaining(String.valueOf(WireLimits.MAX_NAME_CHARS));
    }

    @ParameterizedTest
    @MethodSource("codecs")
    void longNumberIsMalformed(JacksonWireCodec codec) {
        byte[] body = Bodies.body(codec, "{\"type\":1,\"message\":{\"request\":[1," + "9".repeat(1_000) + "],\"spec\":{}}}");

        assertThatThrownBy(() -> Bodies.decode(codec, FrameKind.CLIENT_MESSAGE, body))
                .isInstanceOf(MalformedFrameException.class)
                .hasMessageStartingWith("malformed CLIENT_MESSAGE frame: ")
                .hasMessageNotContaining("\n");
    }

    @Test
    void smileBinaryClaimingGigabytesIsRejectedWithoutReadingIt() {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        byte[] prefix = Bodies.body(JacksonWireCodec.smile(), "{\"reason\":1}");
        // Keep everything up to the value of "reason", then claim a 2 GiB 7-bit-encoded binary.
        body.write(prefix, 0, prefix.length - 2);
        body.write(0xE8);
        body.writeBytes(smileVarInt(Integer.MAX_VALUE));
        body.writeBytes(new byte[] {1, 2, 3});

        assertThatThrownBy(() -> Bodies.decode(JacksonWireCodec.smile(), FrameKind.REFUSAL, body.toByteArray()))
                .isInstanceOf(MalformedFrameException.class)
                .hasMessage("malformed REFUSAL frame: Refusal.reason must be a string, not binary data");
    }

    @Test
    void smileCodecRejectsJsonAndJsonCodecRejectsSmile() {
        byte[] json = "{\"reason\":\"r\"}".getBytes(StandardCharsets.UTF_8);
        byte[] smile = Bodies.body(JacksonWireCodec.smile(), "{\"reason\":\"r\"}");

        assertThatThrownBy(() -> Bodies.decode(JacksonWireCodec.smile(), FrameKind.REFUSAL, json))
                .isInstanceOf(MalformedFrameException.class)
                .hasMessageStartingWith("malformed REFUSAL frame: ");
        assertThatThrownBy(() -> Bodies.decode(JacksonWireCodec.json(), FrameKind.REFUSAL, smile))
                .isInstanceOf(MalformedFrameException.class)
                .hasMessageStartingWith("malformed REFUSAL frame: ");
    }

    @ParameterizedTest
    @MethodSource("codecs")
    void smileEndMarkerOrSecondDocumentAfterTheBodyIsRejected(JacksonWireCodec codec) {
        byte[] body = Bodies.encode(codec, new Refusal("r"));
        byte[][] tails = {{(byte) 0xFF}, {(byte) 0xFF, 1, 2}, {':', ')', '\n', 3}, {'\n'}, {' ', '{', '}'}};

        for (byte[] tail : tails) {
            byte[] withTail = Arrays.copyOf(body, body.length + tail.length);
            System.arraycopy(tail, 0, withTail, body.length, tail.length);

            assertThatThrownBy(() -> Bodies.decode(codec, FrameKind.REFUSAL, withTail))
                    .as("tail %s", Arrays.toString(tail))
                    .isInstanceOf(MalformedFrameException.class)
                    .hasMessageStartingWith("malformed REFUSAL frame: ");
        }
    }

    private static String procedureCallWithArg(String datumJson) {
        return "{\"type\":1,\"message\":{\"request\":[1,2],\"spec\":{\"kind\":1,\"name\":\"p\",\"version\":1,"
                + "\"args\":{\"a\":" + datumJson + "}}}}";
    }

    private static ClientMessage submitWithNestedList(int listDepth) {
        Datum datum = Datum.of(7);
        for (int i = 0; i < listDepth; i++) {
            datum = Datum.of(List.of(datum));
        }
        return new ClientMessage(new SubmitTxn(new RequestId(1, 2), new TxnSpec.ProcedureCall("p", 1, Row.of("a", datum)), 0));
    }

    /** Smile's unsigned VInt: 7 bits a byte, most significant first; the last byte has its top bit set and 6 bits. */
    private static byte[] smileVarInt(int value) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int last = 0x80 | (value & 0x3F);
        int rest = value >>> 6;
        byte[] groups = new byte[5];
        int n = 0;
        while (rest != 0) {
            groups[n++] = (byte) (rest & 0x7F);
            rest >>>= 7;
        }
        for (int i = n - 1; i >= 0; i--) {
            out.write(groups[i]);
        }
        out.write(last);
        return out.toByteArray();
    }
}
