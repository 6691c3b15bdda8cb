package io.catena.wire;

/** Every frame kind with its fixed wire id. Ids are part of the wire format: only append. */
public enum FrameKind {
    HELLO(1),
    WELCOME(2),
    REFUSAL(3),
    NODE_MESSAGE(4),
    CLIENT_MESSAGE(5),
    ERROR_NOTICE(6);

    /** Every kind, made once: {@code values()} copies its array on each call, once per frame read. */
    private static final FrameKind[] KINDS = values();

    private final int wireId;

    FrameKind(int wireId) {
        this.wireId = wireId;
    }

    public int wireId() {
        return wireId;
    }

    /** The kind with this id, or null if the id is unknown (a malformed or newer frame). */
    public static FrameKind fromWireId(int id) {
        for (FrameKind k : KINDS) {
            if (k.wireId == id) {
                return k;
            }
        }
        return null;
    }
}
