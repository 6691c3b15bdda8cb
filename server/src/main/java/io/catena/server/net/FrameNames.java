package io.catena.server.net;

import io.catena.wire.DecodeFailure;
import io.catena.wire.Frame;

/** Names what arrived on a connection, for error notices and log lines. */
final class FrameNames {

    private FrameNames() {
    }

    static String of(Object msg) {
        if (msg instanceof Frame f) {
            return "a " + f.kind() + " frame";
        }
        if (msg instanceof DecodeFailure d) {
            return "an undecodable frame (" + d.reason() + ")";
        }
        return "a " + msg.getClass().getSimpleName();
    }
}
