package io.catena.catenae.message;

import io.catena.core.message.MessageKind;

/**
 * Catena's message kinds, with the wire ids they have always had (after core's 1 to 3, and after the baselines' 19 to 23 for the membership messages). Part of
 * the wire format: never renumber, only append.
 */
public enum CatenaMessageType implements MessageKind {
    EPOCH_MESSAGE(4),
    FOOTPRINTS(5),
    BACKWARD_PASS(6),
    COMMIT_PASS(7),
    FINALIZE_TXN(8),
    CHAIN_SERVER_HELLO(9),
    RESYNC_CHAIN_SERVER(10),
    SNAPSHOT_READ(11),
    KEY_ORDER_REPORT(12),
    TXN_COMPUTED(13),
    TXN_FINALIZED(14),
    SNAPSHOT_REPLY(15),
    RESOLVE_REQUEST(16),
    RESOLVE_REPLY(17),
    EPOCH_RETIRED(18),
    // 19 to 23 are the comparison baselines'.
    CHANGE_MEMBERSHIP(24),
    ANNOUNCE_MEMBERSHIP(25),
    KEYS_HANDED_OFF(26);

    private final int wireId;

    CatenaMessageType(int wireId) {
        this.wireId = wireId;
    }

    @Override
    public int wireId() {
        return wireId;
    }
}
