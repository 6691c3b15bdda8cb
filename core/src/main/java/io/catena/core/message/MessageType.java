package io.catena.core.message;

/**
 * Core's message kinds with their fixed wire ids. Ids are part of the wire format: never
 * renumber, only append; 19 to 23 are the baselines' ({@code baselines.message}).
 */
public enum MessageType implements MessageKind {
    SUBMIT_TXN(1),
    SUBMIT_READ_ONLY(2),
    TXN_REPLY(3),
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
    EPOCH_RETIRED(18);

    private final int wireId;

    MessageType(int wireId) {
        this.wireId = wireId;
    }

    @Override
    public int wireId() {
        return wireId;
    }

    public static MessageType fromWireId(int id) {
        for (MessageType t : values()) {
            if (t.wireId == id) {
                return t;
            }
        }
        throw new IllegalArgumentException("unknown message type id " + id);
    }
}
