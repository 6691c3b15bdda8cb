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
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A protocol message inside a frame: {@code "type": wire id, "message": body}. The id picks the
 * body's schema, so no Java class name ever reaches the wire: core's kinds ({@link MessageType})
 * through the exhaustive switches below, so a new core message does not compile until it has a
 * schema here, and a protocol plug-in's through its {@link PluginSchema}, listed in
 * {@link #PLUGINS}.
 */
final class MessageSchema {

    /** The schemas of the protocol plug-ins' own messages. */
    static final List<PluginSchema> PLUGINS = List.of(new BaselineSchema());

    private static final MessageKind[] BY_WIRE_ID;
    private static final Map<Integer, PluginSchema> PLUGIN_BY_WIRE_ID = new HashMap<>();

    static {
        Map<Integer, MessageKind> kinds = new HashMap<>();
        for (MessageType t : MessageType.values()) {
            kinds.put(t.wireId(), t);
        }
        for (PluginSchema schema : PLUGINS) {
            for (MessageKind k : schema.kinds()) {
                MessageKind taken = kinds.putIfAbsent(k.wireId(), k);
                if (taken != null) {
                    throw new IllegalStateException("message kinds " + taken.name() + " and " + k.name()
                            + " both claim wire id " + k.wireId());
                }
                PLUGIN_BY_WIRE_ID.put(k.wireId(), schema);
            }
        }
        BY_WIRE_ID = new MessageKind[kinds.keySet().stream().mapToInt(Integer::intValue).max().orElse(0) + 1];
        kinds.forEach((id, kind) -> BY_WIRE_ID[id] = kind);
    }

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
        MessageKind kind = id >= 0 && id < BY_WIRE_ID.length ? BY_WIRE_ID[id] : null;
        if (kind == null) {
            throw r.violation("message type id " + id + " is unknown");
        }
        r.field(MESSAGE, messageWhat);
        return kind instanceof MessageType core ? readBody(r, core) : PLUGIN_BY_WIRE_ID.get(id).read(r, kind);
    }

    private static void writeBody(WireWriter w, Message m) throws IOException {
        if (m instanceof PluginMessage p) {
            PluginSchema schema = PLUGIN_BY_WIRE_ID.get(p.type().wireId());
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
