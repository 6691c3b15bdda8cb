package io.catena.wire;

/** Every frame kind with its fixed wire id. Ids are part of the wire format: only append. */
public enum FrameKind {
    HELLO(1),
    WELCOME(2),
    REFUSAL(3),
    NODE_MESSAGE(4),
    CLIENT_MESSAGE(5),
    ERROR_NOTICE(6);

    private final int wireId;

    FrameKind(int wireId) {
        this.wireId = wireId;
    }

    public int wireId() {
        return wireId;
    }

    /** The kind with this id, or null if the id is unknown (a malformed or newer frame). */
    public static FrameKind fromWireId(int id) {
        for (FrameKind k : values()) {
            if (k.wireId == id) {
                return k;
            }
        }
        return null;
    }
}
