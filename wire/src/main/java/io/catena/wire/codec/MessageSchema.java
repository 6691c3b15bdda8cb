package io.catena.wire.codec;

import static io.catena.wire.codec.FieldNames.MESSAGE;
import static io.catena.wire.codec.FieldNames.TYPE;

import io.catena.core.message.BackwardPass;
import io.catena.core.message.ChainServerHello;
import io.catena.core.message.CommitPass;
import io.catena.core.message.EpochMessage;
import io.catena.core.message.EpochRetired;
import io.catena.core.message.FinalizeTxn;
import io.catena.core.message.Footprints;
import io.catena.core.message.KeyOrderReport;
import io.catena.core.message.Message;
import io.catena.core.message.MessageKind;
import io.catena.core.message.MessageType;
import io.catena.core.message.PluginMessage;
import io.catena.core.message.ResolveReply;
import io.catena.core.message.ResolveRequest;
import io.catena.core.message.ResyncChainServer;
import io.catena.core.message.SnapshotRead;
import io.catena.core.message.SnapshotReply;
import io.catena.core.message.SubmitReadOnly;
import io.catena.core.message.SubmitTxn;
import io.catena.core.message.TxnComputed;
import io.catena.core.message.TxnFinalized;
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
            case EPOCH_MESSAGE -> ReplicationSchema.writeEpochMessage(w, (EpochMessage) m);
            case FOOTPRINTS -> ChainSchema.writeFootprints(w, (Footprints) m);
            case BACKWARD_PASS -> ChainSchema.writeBackwardPass(w, (BackwardPass) m);
            case COMMIT_PASS -> ChainSchema.writeCommitPass(w, (CommitPass) m);
            case FINALIZE_TXN -> ChainSchema.writeFinalizeTxn(w, (FinalizeTxn) m);
            case CHAIN_SERVER_HELLO -> ReplicationSchema.writeChainServerHello(w, (ChainServerHello) m);
            case RESYNC_CHAIN_SERVER -> ReplicationSchema.writeResyncChainServer(w, (ResyncChainServer) m);
            case SNAPSHOT_READ -> SubmissionSchema.writeSnapshotRead(w, (SnapshotRead) m);
            case KEY_ORDER_REPORT -> ChainSchema.writeKeyOrderReport(w, (KeyOrderReport) m);
            case TXN_COMPUTED -> ChainSchema.writeTxnComputed(w, (TxnComputed) m);
            case TXN_FINALIZED -> ChainSchema.writeTxnFinalized(w, (TxnFinalized) m);
            case SNAPSHOT_REPLY -> SubmissionSchema.writeSnapshotReply(w, (SnapshotReply) m);
            case RESOLVE_REQUEST -> ChainSchema.writeResolveRequest(w, (ResolveRequest) m);
            case RESOLVE_REPLY -> ChainSchema.writeResolveReply(w, (ResolveReply) m);
            case EPOCH_RETIRED -> ReplicationSchema.writeEpochRetired(w, (EpochRetired) m);
        }
    }

    private static Message readBody(WireReader r, MessageType type) throws IOException {
        return switch (type) {
            case SUBMIT_TXN -> SubmissionSchema.readSubmitTxn(r);
            case SUBMIT_READ_ONLY -> SubmissionSchema.readSubmitReadOnly(r);
            case TXN_REPLY -> SubmissionSchema.readTxnReply(r);
            case EPOCH_MESSAGE -> ReplicationSchema.readEpochMessage(r);
            case FOOTPRINTS -> ChainSchema.readFootprints(r);
            case BACKWARD_PASS -> ChainSchema.readBackwardPass(r);
            case COMMIT_PASS -> ChainSchema.readCommitPass(r);
            case FINALIZE_TXN -> ChainSchema.readFinalizeTxn(r);
            case CHAIN_SERVER_HELLO -> ReplicationSchema.readChainServerHello(r);
            case RESYNC_CHAIN_SERVER -> ReplicationSchema.readResyncChainServer(r);
            case SNAPSHOT_READ -> SubmissionSchema.readSnapshotRead(r);
            case KEY_ORDER_REPORT -> ChainSchema.readKeyOrderReport(r);
            case TXN_COMPUTED -> ChainSchema.readTxnComputed(r);
            case TXN_FINALIZED -> ChainSchema.readTxnFinalized(r);
            case SNAPSHOT_REPLY -> SubmissionSchema.readSnapshotReply(r);
            case RESOLVE_REQUEST -> ChainSchema.readResolveRequest(r);
            case RESOLVE_REPLY -> ChainSchema.readResolveReply(r);
            case EPOCH_RETIRED -> ReplicationSchema.readEpochRetired(r);
        };
    }
}
