package io.catena.core.message;

/**
 * Core's message kinds with their fixed wire ids. Ids are part of the wire format: never
 * renumber, only append; 4 to 18 and 24 to 26 are Catena's ({@code catenae.message}), 19 to 23 the baselines'
 * ({@code baselines.message}); 27 is core's again.
 */
public enum MessageType implements MessageKind {
    SUBMIT_TXN(1),
    SUBMIT_READ_ONLY(2),
    TXN_REPLY(3),
    QUERY_OUTCOME(27);

    private final int wireId;

    MessageType(int wireId) {
        this.wireId = wireId;
    }

    @Override
    public int wireId() {
        return wireId;
    }
}
