package io.catena.catenae.wire;

import io.catena.catenae.message.AnnounceMembership;
import io.catena.catenae.message.BackwardPass;
import io.catena.catenae.message.CatenaMessageType;
import io.catena.catenae.message.ChainServerHello;
import io.catena.catenae.message.ChangeMembership;
import io.catena.catenae.message.CommitPass;
import io.catena.catenae.message.EpochMessage;
import io.catena.catenae.message.EpochRetired;
import io.catena.catenae.message.FinalizeTxn;
import io.catena.catenae.message.Footprints;
import io.catena.catenae.message.KeyOrderReport;
import io.catena.catenae.message.KeysHandedOff;
import io.catena.catenae.message.ResolveReply;
import io.catena.catenae.message.ResolveRequest;
import io.catena.catenae.message.ResyncChainServer;
import io.catena.catenae.message.SnapshotRead;
import io.catena.catenae.message.SnapshotReply;
import io.catena.catenae.message.TxnComputed;
import io.catena.catenae.message.TxnFinalized;
import io.catena.core.message.MessageKind;
import io.catena.core.message.PluginMessage;
import io.catena.wire.codec.PluginSchema;
import io.catena.wire.codec.WireReader;
import io.catena.wire.codec.WireWriter;
import java.io.IOException;
import java.util.List;

/**
 * Catena's messages on the wire: epoch traffic and the coordinator's bookkeeping
 * ({@link ReplicationSchema}), a transaction's passes along its chain servers ({@link ChainSchema}),
 * snapshot reads ({@link SnapshotSchema}) and membership changes ({@link MembershipSchema}). The exhaustive switches make a new Catena message
 * fail to compile until it has a schema here.
 */
public final class CatenaSchema implements PluginSchema {

    @Override
    public List<CatenaMessageType> kinds() {
        return List.of(CatenaMessageType.values());
    }

    @Override
    public void write(WireWriter w, PluginMessage m) throws IOException {
        switch ((CatenaMessageType) m.type()) {
            case EPOCH_MESSAGE -> ReplicationSchema.writeEpochMessage(w, (EpochMessage) m);
            case FOOTPRINTS -> ChainSchema.writeFootprints(w, (Footprints) m);
            case BACKWARD_PASS -> ChainSchema.writeBackwardPass(w, (BackwardPass) m);
            case COMMIT_PASS -> ChainSchema.writeCommitPass(w, (CommitPass) m);
            case FINALIZE_TXN -> ChainSchema.writeFinalizeTxn(w, (FinalizeTxn) m);
            case CHAIN_SERVER_HELLO -> ReplicationSchema.writeChainServerHello(w, (ChainServerHello) m);
            case RESYNC_CHAIN_SERVER -> ReplicationSchema.writeResyncChainServer(w, (ResyncChainServer) m);
            case SNAPSHOT_READ -> SnapshotSchema.writeSnapshotRead(w, (SnapshotRead) m);
            case KEY_ORDER_REPORT -> ChainSchema.writeKeyOrderReport(w, (KeyOrderReport) m);
            case TXN_COMPUTED -> ChainSchema.writeTxnComputed(w, (TxnComputed) m);
            case TXN_FINALIZED -> ChainSchema.writeTxnFinalized(w, (TxnFinalized) m);
            case SNAPSHOT_REPLY -> SnapshotSchema.writeSnapshotReply(w, (SnapshotReply) m);
            case RESOLVE_REQUEST -> ChainSchema.writeResolveRequest(w, (ResolveRequest) m);
            case RESOLVE_REPLY -> ChainSchema.writeResolveReply(w, (ResolveReply) m);
            case EPOCH_RETIRED -> ReplicationSchema.writeEpochRetired(w, (EpochRetired) m);
            case CHANGE_MEMBERSHIP -> MembershipSchema.writeChangeMembership(w, (ChangeMembership) m);
            case ANNOUNCE_MEMBERSHIP -> MembershipSchema.writeAnnounceMembership(w, (AnnounceMembership) m);
            case KEYS_HANDED_OFF -> MembershipSchema.writeKeysHandedOff(w, (KeysHandedOff) m);
        }
    }

    @Override
    public PluginMessage read(WireReader r, MessageKind kind) throws IOException {
        return switch ((CatenaMessageType) kind) {
            case EPOCH_MESSAGE -> ReplicationSchema.readEpochMessage(r);
            case FOOTPRINTS -> ChainSchema.readFootprints(r);
            case BACKWARD_PASS -> ChainSchema.readBackwardPass(r);
            case COMMIT_PASS -> ChainSchema.readCommitPass(r);
            case FINALIZE_TXN -> ChainSchema.readFinalizeTxn(r);
            case CHAIN_SERVER_HELLO -> ReplicationSchema.readChainServerHello(r);
            case RESYNC_CHAIN_SERVER -> ReplicationSchema.readResyncChainServer(r);
            case SNAPSHOT_READ -> SnapshotSchema.readSnapshotRead(r);
            case KEY_ORDER_REPORT -> ChainSchema.readKeyOrderReport(r);
            case TXN_COMPUTED -> ChainSchema.readTxnComputed(r);
            case TXN_FINALIZED -> ChainSchema.readTxnFinalized(r);
            case SNAPSHOT_REPLY -> SnapshotSchema.readSnapshotReply(r);
            case RESOLVE_REQUEST -> ChainSchema.readResolveRequest(r);
            case RESOLVE_REPLY -> ChainSchema.readResolveReply(r);
            case EPOCH_RETIRED -> ReplicationSchema.readEpochRetired(r);
            case CHANGE_MEMBERSHIP -> MembershipSchema.readChangeMembership(r);
            case ANNOUNCE_MEMBERSHIP -> MembershipSchema.readAnnounceMembership(r);
            case KEYS_HANDED_OFF -> MembershipSchema.readKeysHandedOff(r);
        };
    }
}
