package io.catena.wire;

/**
 * What {@link FrameDecoder} passes down the pipeline, in place of a {@link Frame}, when it cannot
 * read one. The handler after the decoder therefore receives either a {@code Frame} or a
 * {@code DecodeFailure}, in wire order, and decides what the peer is told.
 *
 * <ul>
 *   <li>{@code fatal == false} (code {@link ErrorNotice.Code#MALFORMED}): one frame's body could
 *       not be decoded, but its length prefix was sound, so the frame was skipped and the frames
 *       after it are delivered normally. The connection can stay open; the handler typically
 *       answers with {@link #toNotice()} and carries on.</li>
 *   <li>{@code fatal == true}: the framing itself is broken (a length beyond the limit,
 *       {@link ErrorNotice.Code#TOO_LARGE}, or a zero length or unknown kind byte,
 *       {@link ErrorNotice.Code#MALFORMED}), so no later byte can be trusted. The decoder emits
 *       nothing after this failure and discards everything the connection still delivers; the
 *       handler should send {@link #toNotice()} if it wants to and then close the channel.</li>
 * </ul>
 *
 * @param code   what went wrong, as the peer would be told
 * @param reason one sentence for a log line or an {@link ErrorNotice}
 * @param fatal  whether the connection's framing is lost
 */
public record DecodeFailure(ErrorNotice.Code code, String reason, boolean fatal) {

    public DecodeFailure {
        if (code == null || reason == null) {
            throw new IllegalArgumentException("a decode failure has a code and a reason");
        }
    }

    /** The notice that tells the peer about this failure. */
    public ErrorNotice toNotice() {
        return new ErrorNotice(code, null, reason);
    }
}
