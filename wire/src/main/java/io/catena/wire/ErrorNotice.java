package io.catena.wire;

import io.catena.core.id.RequestId;

/**
 * A node tells its peer that it could not accept something the peer sent, and why, in one
 * sentence. {@code request} names the client request concerned, if there is one.
 */
public record ErrorNotice(Code code, RequestId request, String detail) implements Frame {

    /** What went wrong, so the receiver can react without parsing text. */
    public enum Code {
        /** The frame could not be decoded; the connection stays open if framing is intact. */
        MALFORMED,
        /** The frame exceeded the size limit; the connection is closed. */
        TOO_LARGE,
        /** The request is well formed but not acceptable (e.g. a message kind a client may not send). */
        INVALID,
        /** The node cannot take more work now; retry later. */
        OVERLOADED
    }

    public ErrorNotice {
        if (code == null || detail == null) {
            throw new IllegalArgumentException("an error notice has a code and a detail");
        }
    }

    @Override
    public FrameKind kind() {
        return FrameKind.ERROR_NOTICE;
    }
}
