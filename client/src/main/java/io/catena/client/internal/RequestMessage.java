package io.catena.client.internal;

import io.catena.core.id.RequestId;
import io.catena.core.message.Message;

/** The message a pending request sends, under its current name and with its issue time. */
@FunctionalInterface
public interface RequestMessage {

    /**
     * @param issuedMicros when the request was first sent, on the clock of the coordinator the message
     *                     goes to ({@link CoordinatorClock}); only read-write transactions carry it
     */
    Message named(RequestId id, long issuedMicros);
}
