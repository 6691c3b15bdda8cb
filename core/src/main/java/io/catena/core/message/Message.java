package io.catena.core.message;

/**
 * Everything protocol nodes say to each other. Messages are immutable data; the behaviour lives
 * in the node that handles them.
 */
public sealed interface Message permits SubmitTxn, SubmitReadOnly, TxnReply, EpochMessage, Footprints,
        BackwardPass, CommitPass, FinalizeTxn, ChainServerHello, ResyncChainServer, SnapshotRead,
        KeyOrderReport, TxnComputed, TxnFinalized, SnapshotReply, ResolveRequest, ResolveReply,
        EpochRetired, PluginMessage {

    MessageKind type();
}
