package io.catena.client.spi;

import io.catena.wire.Frame;

/**
 * What a connection hears from one link. Calls for one link come one at a time, in arrival order
 * (see {@link ClientTransport} for threading).
 */
public interface LinkListener {

    /**
     * A frame arrived and decoded. Frames that do not decode are the transport's to report: it
     * logs them and, if framing is lost, closes the link.
     *
     * @param frame the frame
     */
    void onFrame(Frame frame);

    /**
     * The link ended: closed by either side, broken, or its transport closed. Called exactly once
     * per opened link, after its last {@code onFrame}.
     *
     * @param cause why, in words a log line can carry; null if the link was closed in an orderly way
     */
    void onClosed(Throwable cause);
}
