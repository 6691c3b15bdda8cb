package io.catena.server.net;

import java.util.concurrent.atomic.AtomicLong;

/**
 * What happened to the messages a process sent to one peer region. Inter-region messages may be
 * lost (the protocol retransmits), so each way of losing one is counted rather than hidden.
 */
public final class LinkStats {

    final AtomicLong sent = new AtomicLong();
    final AtomicLong lostByEmulation = new AtomicLong();
    final AtomicLong droppedDisconnected = new AtomicLong();
    final AtomicLong shed = new AtomicLong();
    final AtomicLong connects = new AtomicLong();

    public long sent() {
        return sent.get();
    }

    /** Lost on purpose by the WAN emulation's loss rate. */
    public long lostByEmulation() {
        return lostByEmulation.get();
    }

    /** Dropped because the link was down when the message was due. */
    public long droppedDisconnected() {
        return droppedDisconnected.get();
    }

    /** Dropped because the link's send buffer was full (back-pressure). */
    public long shed() {
        return shed.get();
    }

    /** Completed handshakes, reconnections included. */
    public long connects() {
        return connects.get();
    }
}
