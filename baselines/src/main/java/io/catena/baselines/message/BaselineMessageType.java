package io.catena.baselines.message;

import io.catena.core.message.MessageKind;

/**
 * The baselines' message kinds, with the wire ids they have always had (after core's 1 to 18).
 * Part of the wire format: never renumber, only append.
 */
public enum BaselineMessageType implements MessageKind {
    CLAIM_KEYS(19),
    CLAIM_REPLY(20),
    RELEASE_KEYS(21),
    COMMIT_WRITES(22),
    COMMIT_APPLIED(23);

    private final int wireId;

    BaselineMessageType(int wireId) {
        this.wireId = wireId;
    }

    @Override
    public int wireId() {
        return wireId;
    }
}
