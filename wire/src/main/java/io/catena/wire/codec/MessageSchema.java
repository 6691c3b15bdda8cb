package io.catena.wire.codec;

import static io.catena.wire.codec.FieldNames.MESSAGE;
import static io.catena.wire.codec.FieldNames.TYPE;

import io.catena.core.message.Message;
import io.catena.core.message.MessageKind;
import io.catena.core.message.MessageType;
import io.catena.core.message.PluginMessage;
import io.catena.core.message.QueryOutcome;
import io.catena.core.message.SubmitReadOnly;
import io.catena.core.message.SubmitTxn;
import io.catena.core.message.TxnReply;
import java.io.IOException;

/**
 * A protocol message inside a frame: {@code "type": wire id, "message": body}. The id picks the
 * body's schema, so no Java class name ever reaches the wire: core's kinds ({@link MessageType})
 * through the exhaustive switches below, so a new core message does not compile until it has a
 * schema here, and a protocol plug-in's through its {@link PluginSchema}, found by
 * {@link MessageKinds}.
 */
final class MessageSchema {

    /** Core's kinds and every plug-in's found on the classpath. */
    static final MessageKinds KINDS = MessageKinds.onClasspath();

    private MessageSchema() {
    }

    /** Writes the {@code type} and {@code message} fields of the enclosing object. */
    static void writeTyped(WireWriter w, Message m) throws IOException {
        w.field(TYPE);
        w.intValue(m.type().wireId());
        w.field(MESSAGE);
        writeBody(w, m);
    }

    /** Reads the {@code type} and {@code message} fields of the enclosing object. */
    static Message readTyped(WireReader r, String typeWhat, String messageWhat) throws IOException {
        r.field(TYPE, typeWhat);
        int id = r.intValue(typeWhat);
        MessageKind kind = KINDS.kind(id);
        if (kind == null) {
            throw r.violation("message type id " + id + " is unknown");
        }
        r.field(MESSAGE, messageWhat);
        return kind instanceof MessageType core ? readBody(r, core) : KINDS.schema(kind).read(r, kind);
    }

    private static void writeBody(WireWriter w, Message m) throws IOException {
        if (m instanceof PluginMessage p) {
            PluginSchema schema = KINDS.schema(p.type());
            if (schema == null) {
                throw new SchemaViolation("message type " + p.type().name() + " has no wire schema");
            }
            schema.write(w, p);
            return;
        }
        switch ((MessageType) m.type()) {
            case SUBMIT_TXN -> SubmissionSchema.writeSubmitTxn(w, (SubmitTxn) m);
            case SUBMIT_READ_ONLY -> SubmissionSchema.writeSubmitReadOnly(w, (SubmitReadOnly) m);
            case TXN_REPLY -> SubmissionSchema.writeTxnReply(w, (TxnReply) m);
            case QUERY_OUTCOME -> SubmissionSchema.writeQueryOutcome(w, (QueryOutcome) m);
        }
    }

    private static Message readBody(WireReader r, MessageType type) throws IOException {
        return switch (type) {
            case SUBMIT_TXN -> SubmissionSchema.readSubmitTxn(r);
            case SUBMIT_READ_ONLY -> SubmissionSchema.readSubmitReadOnly(r);
            case TXN_REPLY -> SubmissionSchema.readTxnReply(r);
            case QUERY_OUTCOME -> SubmissionSchema.readQueryOutcome(r);
        };
    }
}
