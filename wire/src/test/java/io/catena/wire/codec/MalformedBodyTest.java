package io.catena.wire.codec;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.catena.wire.FrameKind;
import io.catena.wire.MalformedFrameException;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Bodies that are valid JSON (and, transcoded, valid Smile) but not valid frames: each must fail
 * with exactly the one-sentence reason a log line would show. (A protocol's own messages: in its
 * wire module's {@code PluginSchemaSuite}.)
 */
class MalformedBodyTest {

    private static final String PROCEDURE_CALL = "{\"type\":1,\"message\":{\"request\":[1,2],\"spec\":{\"kind\":1,\"name\":\"p\",\"version\":1,\"args\":";
    /** A SubmitReadOnly body up to its optional last field. */
    private static final String READ_ONLY = "{\"type\":2,\"message\":{\"request\":[1,2],\"keys\":[],\"minVersion\":[0,0]";

    record Case(FrameKind kind, String body, String reason) {
    }

    static List<Case> cases() {
        return List.of(
                // message dispatch
                client("{\"type\":99,\"message\":{}}", "message type id 99 is unknown"),
                client("{\"type\":-1,\"message\":{}}", "message type id -1 is unknown"),
                client("{\"type\":0,\"message\":{}}", "message type id 0 is unknown"),
                client("{\"type\":3}", "ClientMessage.message is missing"),
                client("{\"message\":{},\"type\":3}", "unexpected field 'message' where ClientMessage.type belongs"),
                // object shape
                client(PROCEDURE_CALL + "{}},\"issuedMicros\":0,\"extra\":1}}", "SubmitTxn has an unexpected field 'extra'"),
                client("{\"type\":1,\"message\":{\"request\":[1,2]}}", "SubmitTxn.spec is missing"),
                client(PROCEDURE_CALL + "{}}}}", "SubmitTxn.issuedMicros is missing"),
                client("{\"type\":1,\"message\":[5]}", "SubmitTxn must be an object, not an array"),
                new Case(FrameKind.CLIENT_MESSAGE, "[]", "ClientMessage must be an object, not an array"),
                new Case(FrameKind.CLIENT_MESSAGE, PROCEDURE_CALL + "{}},\"issuedMicros\":0}}{}", "the body has 2 bytes after its value"),
                new Case(FrameKind.REFUSAL, "{\"reason\":\"x\",\"reason\":\"y\"}", "Refusal has an unexpected field 'reason'"),
                // value shape
                client(PROCEDURE_CALL.replace("\"version\":1", "\"version\":\"1\"") + "{}},\"issuedMicros\":0}}",
                        "ProcedureCall.version must be an integer, not a string"),
                client(PROCEDURE_CALL.replace("\"version\":1", "\"version\":1.5") + "{}},\"issuedMicros\":0}}",
                        "ProcedureCall.version must be an integer, not a fractional number"),
                client(PROCEDURE_CALL.replace("\"version\":1", "\"version\":null") + "{}},\"issuedMicros\":0}}",
                        "ProcedureCall.version must not be null"),
                client(PROCEDURE_CALL.replace("\"version\":1", "\"version\":4294967296") + "{}},\"issuedMicros\":0}}",
                        "ProcedureCall.version does not fit in 32 bits"),
                client("{\"type\":1,\"message\":{\"request\":[1,99999999999999999999],\"spec\":{}}}",
                        "RequestId.sequence does not fit in 64 bits"),
                client("{\"type\":3,\"message\":{\"request\":[1,2],\"result\":{\"outcome\":0,\"reason\":null,\"reads\":[],"
                        + "\"outputs\":{}},\"version\":null,\"contended\":1}}", "TxnReply.contended must be a boolean, not an integer"),
                // tuples
                client("{\"type\":1,\"message\":{\"request\":[1],\"spec\":{}}}", "RequestId.sequence is missing"),
                client("{\"type\":1,\"message\":{\"request\":[1,2,3],\"spec\":{}}}", "RequestId has more elements than expected"),
                client("{\"type\":1,\"message\":{\"request\":[1,null],\"spec\":{}}}", "RequestId.sequence must not be null"),
                // tags and enum codes
                client(PROCEDURE_CALL.replace("\"kind\":1", "\"kind\":7") + "{}},\"issuedMicros\":0}}", "TxnSpec kind 7 is unknown"),
                client("{\"type\":1,\"message\":{\"request\":[1,2],\"spec\":{\"kind\":0,\"ops\":[{\"kind\":9,\"key\":[\"t\",\"p\",\"\"]}]}}}",
                        "Op kind 9 is unknown"),
                new Case(FrameKind.NODE_MESSAGE, "{\"from\":[0,9,0],\"to\":[0,0,0],\"type\":3,\"message\":{}}",
                        "NodeId.Role code 9 is unknown"),
                new Case(FrameKind.ERROR_NOTICE, "{\"code\":17,\"request\":null,\"detail\":\"d\"}", "ErrorNotice.Code code 17 is unknown"),
                // data
                client(PROCEDURE_CALL + "{\"a\":1,\"a\":2}}}}", "Row has column 'a' twice"),
                client(PROCEDURE_CALL + "{\"a\":true}}}}", "a Datum must be an integer, a string or an array, not a boolean"),
                client(PROCEDURE_CALL + "{\"a\":{}}}}}", "a Datum must be an integer, a string or an array, not an object"),
                // values core refuses
                client(PROCEDURE_CALL.replace("\"name\":\"p\"", "\"name\":\"\"") + "{}},\"issuedMicros\":0}}", "a procedure call names its procedure"),
                new Case(FrameKind.REFUSAL, "{\"reason\":\" \"}", "a refusal says why"),
                new Case(FrameKind.HELLO, "{\"protocolVersion\":1,\"cluster\":null,\"region\":\"r\",\"registryDigest\":\"\","
                        + "\"peer\":0,\"sender\":\"\"}", "Hello.cluster must not be null"),
                new Case(FrameKind.HELLO, "{\"protocolVersion\":2,\"cluster\":\"c\",\"region\":\"r\",\"registryDigest\":\"\","
                        + "\"peer\":0,\"sender\":\"\"}", "Hello.settingsDigest is missing"),
                new Case(FrameKind.HELLO, "{\"protocolVersion\":3,\"cluster\":\"c\",\"region\":\"r\",\"registryDigest\":\"\","
                        + "\"peer\":0,\"sender\":\"\",\"settingsDigest\":\"\"}", "Hello.clockMicros is missing"),
                new Case(FrameKind.HELLO, "{\"protocolVersion\":3,\"cluster\":\"c\",\"region\":\"r\",\"registryDigest\":\"\","
                        + "\"peer\":0,\"sender\":\"\",\"settingsDigest\":\"\",\"clockMicros\":\"now\"}",
                        "Hello.clockMicros must be an integer, not a string"),
                // the optional last field of snapshot reads: partitions
                client(READ_ONLY + ",\"partitions\":null}}", "SubmitReadOnly.partitions must not be null"),
                client(READ_ONLY + ",\"partitions\":[null]}}", "SubmitReadOnly.partitions contains null"),
                client(READ_ONLY + ",\"partitions\":{}}}", "SubmitReadOnly.partitions must be an array, not an object"),
                client(READ_ONLY + ",\"partitions\":[[\"t\"]]}}", "ChainKey.partition is missing"),
                client(READ_ONLY + ",\"partitions\":[[\"t\",\"p\",\"c\"]]}}", "ChainKey has more elements than expected"),
                client(READ_ONLY + ",\"partitions\":[[\"\",\"p\"]]}}", "a chain key needs a table name"),
                client(READ_ONLY + ",\"partitions\":[],\"more\":1}}", "SubmitReadOnly has an unexpected field 'more'"),
                client(READ_ONLY + ",\"extra\":[]}}", "unexpected field 'extra' where SubmitReadOnly.partitions belongs"),
                client("{\"type\":2,\"message\":{\"request\":[1,2],\"keys\":[],\"partitions\":[],\"minVersion\":[0,0]}}",
                        "unexpected field 'partitions' where SubmitReadOnly.minVersion belongs"),
                client(READ_ONLY + ",\"partitions\":[[\"t\",7]]}}", "ChainKey.partition must be a string, not an integer"),
                client(READ_ONLY + ",\"partitions\":[[\"t\",\"p\"]],\"minVersion\":[0,0]}}",
                        "SubmitReadOnly has an unexpected field 'minVersion'"),
                // peer-chosen text in a reason is shortened and made printable
                client(PROCEDURE_CALL + "{}},\"issuedMicros\":0,\"" + "x".repeat(100) + "\\n\":1}}",
                        "SubmitTxn has an unexpected field '" + "x".repeat(40) + "...'"),
                client(PROCEDURE_CALL + "{}},\"issuedMicros\":0,\"a\\nb\":1}}", "SubmitTxn has an unexpected field 'a?b'"));
    }

    static Stream<Arguments> casesInBothCodecs() {
        return cases().stream().flatMap(c -> Stream.of(
                Arguments.of(JacksonWireCodec.json(), c), Arguments.of(JacksonWireCodec.smile(), c)));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("casesInBothCodecs")
    void rejectsWithOneSentence(JacksonWireCodec codec, Case c) {
        byte[] body = Bodies.body(codec, c.body());

        assertThatThrownBy(() -> Bodies.decode(codec, c.kind(), body))
                .isInstanceOf(MalformedFrameException.class)
                .hasMessage("malformed " + c.kind() + " frame: " + c.reason());
    }

    private static Case client(String body, String reason) {
        return new Case(FrameKind.CLIENT_MESSAGE, body, reason);
    }
}
