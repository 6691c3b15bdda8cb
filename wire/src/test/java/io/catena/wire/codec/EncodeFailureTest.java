package io.catena.wire.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.catena.core.data.Datum;
import io.catena.core.data.Row;
import io.catena.core.data.RowKey;
import io.catena.core.id.RequestId;
import io.catena.core.message.SubmitTxn;
import io.catena.core.txn.Op;
import io.catena.core.txn.TxnSpec;
import io.catena.core.txn.UpdateFn;
import io.catena.wire.ClientMessage;
import io.catena.wire.Frame;
import io.catena.wire.Refusal;
import io.catena.wire.Welcome;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A frame the decoder would reject fails at its sender instead, with a reason naming the field,
 * and leaves the output buffer as it was.
 */
class EncodeFailureTest {

    static Stream<Arguments> badFrames() {
        return Stream.of(
                Arguments.of(client(new SubmitTxn(null, new TxnSpec.AdHoc(List.of()), 0)),
                        "cannot encode CLIENT_MESSAGE frame: SubmitTxn.request is null but the wire format requires it"),
                Arguments.of(client(new SubmitTxn(new RequestId(1, 1), new TxnSpec.AdHoc(List.of(
                                new Op.Write(RowKey.of("t", "p"), null))), 0)),
                        "cannot encode CLIENT_MESSAGE frame: Write.row is null but the wire format requires it"),
                Arguments.of(client(new SubmitTxn(new RequestId(1, 1), new TxnSpec.AdHoc(List.of(
                                new Op.Update(RowKey.of("t", "p"), new UpdateFn.SetField("c", null)))), 0)),
                        "cannot encode CLIENT_MESSAGE frame: SetField.value is null but the wire format requires it"),
                Arguments.of(client(new SubmitTxn(new RequestId(1, 1), new TxnSpec.ProcedureCall("p", 1,
                                Row.of("c".repeat(WireLimits.MAX_NAME_CHARS + 1), Datum.of(1))), 0)),
                        "cannot encode CLIENT_MESSAGE frame: Row column name has " + (WireLimits.MAX_NAME_CHARS + 1)
                                + " characters, more than the wire limit of " + WireLimits.MAX_NAME_CHARS),
                Arguments.of(new Welcome(1, null, "r", 0, 0),
                        "cannot encode WELCOME frame: Welcome.cluster is null but the wire format requires it"));
    }

    @ParameterizedTest
    @MethodSource("badFrames")
    void refusesFramesThatBreakTheSchemaAndLeavesTheBufferAsItWas(Frame frame, String reason) {
        for (JacksonWireCodec codec : List.of(JacksonWireCodec.smile(), JacksonWireCodec.json())) {
            ByteBuf out = Unpooled.buffer().writeBytes(new byte[] {1, 2, 3});
            try {
                assertThatThrownBy(() -> codec.encode(frame, out))
                        .isInstanceOf(IllegalArgumentException.class)
                        .hasMessage(reason);
                assertThat(out.writerIndex()).isEqualTo(3);
            } finally {
                out.release();
            }
        }
    }

    @Test
    void smileRefusesTextThatIsNotValidUnicode() {
        ByteBuf out = Unpooled.buffer();
        try {
            assertThatThrownBy(() -> JacksonWireCodec.smile().encode(new Refusal("lone \ud800 surrogate"), out))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageStartingWith("cannot encode REFUSAL frame: Invalid surrogate pair");
            assertThat(out.writerIndex()).isZero();
        } finally {
            out.release();
        }
    }

    private static ClientMessage client(SubmitTxn m) {
        return new ClientMessage(m);
    }
}
