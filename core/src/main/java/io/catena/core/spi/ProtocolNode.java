package io.catena.core.spi;

import io.catena.core.id.NodeId;
import io.catena.core.message.Message;

/**
 * A protocol participant as its host drives it: one thread at a time, every step given the
 * current time. The host calls {@link #onWakeup} no earlier than {@link #nextWakeupMicros()},
 * which it re-reads after every step.
 */
public interface ProtocolNode {

    NodeId id();

    void onMessage(long nowMicros, NodeId from, Message message);

    void onWakeup(long nowMicros);

    /** When the node next needs {@link #onWakeup}, or {@link Long#MAX_VALUE} if never. */
    long nextWakeupMicros();
}
