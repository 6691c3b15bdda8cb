package io.catena.catenae.message;

import io.catena.core.message.PluginMessage;

/**
 * What Catena's nodes say to each other: coordinators across regions (epoch messages), a
 * coordinator to its chain servers and resolver and back (forward, backward and commit passes,
 * finalization, snapshot reads, votes, resolution). Clients' submissions and answers are core's.
 */
public sealed interface CatenaMessage extends PluginMessage permits EpochMessage, Footprints, BackwardPass,
        CommitPass, FinalizeTxn, ChainServerHello, ResyncChainServer, SnapshotRead, KeyOrderReport, TxnComputed,
        TxnFinalized, SnapshotReply, ResolveRequest, ResolveReply, EpochRetired, ChangeMembership, AnnounceMembership,
        KeysHandedOff {

    @Override
    CatenaMessageType type();
}
