package io.catena.logkit.message;

import io.catena.core.message.MessageKind;

/**
 * The log protocols' message kinds, with their wire ids: after core's (1 to 3, and 27 for outcome queries),
 * Catena's (4 to 18, 24 to 26) and the baselines' (19 to 23). Part of the wire format: never
 * renumber, only append.
 */
public enum LogMessageType implements MessageKind {
    SHIPMENT(28);

    private final int wireId;

    LogMessageType(int wireId) {
        this.wireId = wireId;
    }

    @Override
    public int wireId() {
        return wireId;
    }
}
