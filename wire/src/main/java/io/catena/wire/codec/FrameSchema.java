package io.catena.wire.codec;

import static io.catena.wire.codec.FieldNames.CLIENT_INDEX;
import static io.catena.wire.codec.FieldNames.CLOCK_MICROS;
import static io.catena.wire.codec.FieldNames.CLUSTER;
import static io.catena.wire.codec.FieldNames.CODE;
import static io.catena.wire.codec.FieldNames.DETAIL;
import static io.catena.wire.codec.FieldNames.FROM;
import static io.catena.wire.codec.FieldNames.PEER;
import static io.catena.wire.codec.FieldNames.PROTOCOL_VERSION;
import static io.catena.wire.codec.FieldNames.REASON;
import static io.catena.wire.codec.FieldNames.REGION;
import static io.catena.wire.codec.FieldNames.REGION_INDEX;
import static io.catena.wire.codec.FieldNames.REGISTRY_DIGEST;
import static io.catena.wire.codec.FieldNames.REQUEST;
import static io.catena.wire.codec.FieldNames.ROLE;
import static io.catena.wire.codec.FieldNames.ROLE_INDEX;
import static io.catena.wire.codec.FieldNames.SENDER;
import static io.catena.wire.codec.FieldNames.SETTINGS_DIGEST;
import static io.catena.wire.codec.FieldNames.TERM;
import static io.catena.wire.codec.FieldNames.TO;

import io.catena.core.id.NodeId;
import io.catena.core.id.RequestId;
import io.catena.core.message.Message;
import io.catena.wire.ClientMessage;
import io.catena.wire.ErrorNotice;
import io.catena.wire.Frame;
import io.catena.wire.FrameKind;
import io.catena.wire.Hello;
import io.catena.wire.NodeMessage;
import io.catena.wire.ProcessRole;
import io.catena.wire.Refusal;
import io.catena.wire.Welcome;
import java.io.IOException;
import java.util.OptionalLong;

/**
 * Frame bodies. The frame kind travels in the frame header, so a body is just the frame's fields:
 * <pre>
 * Hello         = {"protocolVersion": int, "cluster": string, "region": string,
 *                  "registryDigest": string, "peer": PeerKind, "sender": string,
 *                  "settingsDigest": string (from version 2 on),
 *                  "clockMicros": long | null (from version 3 on; null for clients),
 *                  "role": ProcessRole.Kind, "roleIndex": int (from version 4 on)}
 * Welcome       = {"protocolVersion": int, "cluster": string, "region": string,
 *                  "regionIndex": int, "clientIndex": int,
 *                  "role": ProcessRole.Kind, "roleIndex": int (from version 4 on),
 *                  "clockMicros": long | null (from version 6 on)}
 * Refusal       = {"reason": string}
 * NodeMessage   = {"from": NodeId, "to": NodeId, "type": MessageType id, "message": body}
 * ClientMessage = {"type": MessageType id, "message": body}
 * ErrorNotice   = {"code": ErrorNotice.Code, "request": RequestId | null, "detail": string}
 * </pre>
 */
final class FrameSchema {

    static final EnumCodes<Hello.PeerKind> PEER_KINDS = new EnumCodes<>(Hello.PeerKind.class,
            Hello.PeerKind.NODE, Hello.PeerKind.CLIENT);
    static final EnumCodes<ProcessRole.Kind> ROLE_KINDS = new EnumCodes<>(ProcessRole.Kind.class,
            ProcessRole.Kind.COORDINATOR, ProcessRole.Kind.CHAIN_SERVER);
    static final EnumCodes<ErrorNotice.Code> ERROR_CODES = new EnumCodes<>(ErrorNotice.Code.class,
            ErrorNotice.Code.MALFORMED, ErrorNotice.Code.TOO_LARGE, ErrorNotice.Code.INVALID,
            ErrorNotice.Code.OVERLOADED);

    private FrameSchema() {
    }

    static void write(WireWriter w, Frame frame) throws IOException {
        w.beginObject();
        switch (frame.kind()) {
            case HELLO -> writeHello(w, (Hello) frame);
            case WELCOME -> writeWelcome(w, (Welcome) frame);
            case REFUSAL -> {
                w.field(REASON);
                w.string(((Refusal) frame).reason(), "Refusal.reason");
            }
            case NODE_MESSAGE -> {
                NodeMessage m = (NodeMessage) frame;
                w.field(FROM);
                IdSchema.writeNode(w, m.from());
                w.field(TO);
                IdSchema.writeNode(w, m.to());
                MessageSchema.writeTyped(w, m.message());
            }
            case CLIENT_MESSAGE -> MessageSchema.writeTyped(w, ((ClientMessage) frame).message());
            case ERROR_NOTICE -> writeErrorNotice(w, (ErrorNotice) frame);
            default -> throw new SchemaViolation("frame kind " + frame.kind() + " has no wire schema");
        }
        w.endObject();
    }

    static Frame read(FrameKind kind, WireReader r) throws IOException {
        String type = typeName(kind);
        r.beginObject(type);
        Frame frame = switch (kind) {
            case HELLO -> readHello(r);
            case WELCOME -> readWelcome(r);
            case REFUSAL -> {
                r.field(REASON, "Refusal.reason");
                yield new Refusal(r.string("Refusal.reason"));
            }
            case NODE_MESSAGE -> {
                r.field(FROM, "NodeMessage.from");
                NodeId from = IdSchema.readNode(r);
                r.field(TO, "NodeMessage.to");
                NodeId to = IdSchema.readNode(r);
                Message message = MessageSchema.readTyped(r, "NodeMessage.type", "NodeMessage.message");
                yield new NodeMessage(from, to, message);
            }
            case CLIENT_MESSAGE -> new ClientMessage(
                    MessageSchema.readTyped(r, "ClientMessage.type", "ClientMessage.message"));
            case ERROR_NOTICE -> readErrorNotice(r);
        };
        r.endObject(type);
        return frame;
    }

    private static String typeName(FrameKind kind) {
        return switch (kind) {
            case HELLO -> "Hello";
            case WELCOME -> "Welcome";
            case REFUSAL -> "Refusal";
            case NODE_MESSAGE -> "NodeMessage";
            case CLIENT_MESSAGE -> "ClientMessage";
            case ERROR_NOTICE -> "ErrorNotice";
        };
    }

    private static void writeHello(WireWriter w, Hello h) throws IOException {
        w.field(PROTOCOL_VERSION);
        w.intValue(h.protocolVersion());
        w.field(CLUSTER);
        w.string(h.cluster(), "Hello.cluster");
        w.field(REGION);
        w.string(h.region(), "Hello.region");
        w.field(REGISTRY_DIGEST);
        w.string(h.registryDigest(), "Hello.registryDigest");
        w.field(PEER);
        w.intValue(PEER_KINDS.code(h.peer()));
        w.field(SENDER);
        w.string(h.sender(), "Hello.sender");
        if (h.protocolVersion() >= Hello.SETTINGS_DIGEST_SINCE) {
            w.field(SETTINGS_DIGEST);
            w.string(h.settingsDigest(), "Hello.settingsDigest");
        }
        if (h.protocolVersion() >= Hello.CLOCK_SINCE) {
            writeClock(w, h.clockMicros());
        }
        if (h.protocolVersion() >= Hello.ROLE_SINCE) {
            writeRole(w, h.role());
        }
        if (h.protocolVersion() >= Hello.TERM_SINCE) {
            w.field(TERM);
            w.longValue(h.term());
        }
    }

    private static void writeRole(WireWriter w, ProcessRole role) throws IOException {
        w.field(ROLE);
        w.intValue(ROLE_KINDS.code(role.kind()));
        w.field(ROLE_INDEX);
        w.intValue(role.index());
    }

    /** The role of a frame from {@code version}: what a process before {@link Hello#ROLE_SINCE} was. */
    private static ProcessRole readRole(WireReader r, int version, String frame) throws IOException {
        if (version < Hello.ROLE_SINCE) {
            return ProcessRole.COORDINATOR;
        }
        r.field(ROLE, frame + ".role");
        ProcessRole.Kind kind = ROLE_KINDS.constant(r.intValue(frame + ".role"));
        r.field(ROLE_INDEX, frame + ".roleIndex");
        int index = r.intValue(frame + ".roleIndex");
        try {
            return new ProcessRole(kind, index);
        } catch (IllegalArgumentException e) {
            throw new SchemaViolation(frame + ".roleIndex: " + e.getMessage());
        }
    }

    private static Hello readHello(WireReader r) throws IOException {
        r.field(PROTOCOL_VERSION, "Hello.protocolVersion");
        int version = r.intValue("Hello.protocolVersion");
        r.field(CLUSTER, "Hello.cluster");
        String cluster = r.string("Hello.cluster");
        r.field(REGION, "Hello.region");
        String region = r.string("Hello.region");
        r.field(REGISTRY_DIGEST, "Hello.registryDigest");
        String digest = r.string("Hello.registryDigest");
        r.field(PEER, "Hello.peer");
        Hello.PeerKind peer = PEER_KINDS.constant(r.intValue("Hello.peer"));
        r.field(SENDER, "Hello.sender");
        String sender = r.string("Hello.sender");
        // Read as far as the caller's version goes, so an older caller is refused for its version
        // (which it can act on) rather than for a frame it cannot have known.
        String settings = "";
        if (version >= Hello.SETTINGS_DIGEST_SINCE) {
            r.field(SETTINGS_DIGEST, "Hello.settingsDigest");
            settings = r.string("Hello.settingsDigest");
        }
        OptionalLong clock = OptionalLong.empty();
        if (version >= Hello.CLOCK_SINCE && r.nullableField(CLOCK_MICROS, "Hello.clockMicros")) {
            clock = OptionalLong.of(r.longValue("Hello.clockMicros"));
        }
        ProcessRole role = readRole(r, version, "Hello");
        long term = 0;
        if (version >= Hello.TERM_SINCE) {
            r.field(TERM, "Hello.term");
            term = r.longValue("Hello.term");
            if (term < 0) {
                throw new SchemaViolation("Hello.term: a leader term is not negative, not " + term);
            }
        }
        return new Hello(version, cluster, region, digest, settings, clock, peer, sender, role, term);
    }

    private static void writeWelcome(WireWriter w, Welcome m) throws IOException {
        w.field(PROTOCOL_VERSION);
        w.intValue(m.protocolVersion());
        w.field(CLUSTER);
        w.string(m.cluster(), "Welcome.cluster");
        w.field(REGION);
        w.string(m.region(), "Welcome.region");
        w.field(REGION_INDEX);
        w.intValue(m.regionIndex());
        w.field(CLIENT_INDEX);
        w.intValue(m.clientIndex());
        if (m.protocolVersion() >= Hello.ROLE_SINCE) {
            writeRole(w, m.role());
        }
        if (m.protocolVersion() >= Welcome.CLOCK_SINCE) {
            writeClock(w, m.clockMicros());
        }
    }

    private static void writeClock(WireWriter w, OptionalLong clockMicros) throws IOException {
        w.field(CLOCK_MICROS);
        if (clockMicros.isPresent()) {
            w.longValue(clockMicros.getAsLong());
        } else {
            w.nullValue();
        }
    }

    private static Welcome readWelcome(WireReader r) throws IOException {
        r.field(PROTOCOL_VERSION, "Welcome.protocolVersion");
        int version = r.intValue("Welcome.protocolVersion");
        r.field(CLUSTER, "Welcome.cluster");
        String cluster = r.string("Welcome.cluster");
        r.field(REGION, "Welcome.region");
        String region = r.string("Welcome.region");
        r.field(REGION_INDEX, "Welcome.regionIndex");
        int regionIndex = r.intValue("Welcome.regionIndex");
        r.field(CLIENT_INDEX, "Welcome.clientIndex");
        int clientIndex = r.intValue("Welcome.clientIndex");
        ProcessRole role = readRole(r, version, "Welcome");
        OptionalLong clock = OptionalLong.empty();
        if (version >= Welcome.CLOCK_SINCE && r.nullableField(CLOCK_MICROS, "Welcome.clockMicros")) {
            clock = OptionalLong.of(r.longValue("Welcome.clockMicros"));
        }
        return new Welcome(version, cluster, region, regionIndex, clientIndex, role, clock);
    }

    private static void writeErrorNotice(WireWriter w, ErrorNotice n) throws IOException {
        w.field(CODE);
        w.intValue(ERROR_CODES.code(n.code()));
        w.field(REQUEST);
        w.nullable(n.request(), IdSchema::writeRequest);
        w.field(DETAIL);
        w.string(n.detail(), "ErrorNotice.detail");
    }

    private static ErrorNotice readErrorNotice(WireReader r) throws IOException {
        r.field(CODE, "ErrorNotice.code");
        ErrorNotice.Code code = ERROR_CODES.constant(r.intValue("ErrorNotice.code"));
        RequestId request = r.nullableField(REQUEST, "ErrorNotice.request") ? IdSchema.readRequest(r) : null;
        r.field(DETAIL, "ErrorNotice.detail");
        String detail = r.string("ErrorNotice.detail");
        return new ErrorNotice(code, request, detail);
    }
}
