package io.catena.client.spi;

import io.catena.wire.Frame;

/**
 * One open, framed, ordered link to one coordinator, as opened by {@link ClientTransport#open}.
 *
 * <p>Thread-safe and non-blocking. Frames sent from one thread arrive in the order sent.
 */
public interface CoordinatorLink {

    /**
     * Queues a frame for sending. A link that has closed drops it silently: the connection learns
     * of the end from {@link LinkListener#onClosed} and resends what is still unanswered.
     *
     * @param frame the frame to send
     */
    void send(Frame frame);

    /** Closes the link; its listener then hears {@code onClosed} once, if it has not already. Idempotent. */
    void close();
}
