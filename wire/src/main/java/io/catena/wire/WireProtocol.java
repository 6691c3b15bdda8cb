package io.catena.wire;

/** Constants of the wire protocol that both ends must agree on. */
public final class WireProtocol {

    /** Raised whenever a frame or message changes incompatibly. */
    public static final int VERSION = 7;

    /** Default largest frame accepted, body included; larger frames close the connection. */
    public static final int DEFAULT_MAX_FRAME_BYTES = 16 << 20;

    /** Bytes of the length prefix. */
    public static final int LENGTH_BYTES = 4;

    private WireProtocol() {
    }
}
