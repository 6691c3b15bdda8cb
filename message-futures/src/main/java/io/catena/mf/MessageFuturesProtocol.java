package io.catena.mf;

import io.catena.logkit.LogProtocol;

/**
 * Message Futures as a plug-in ({@code mf}): a log node with {@link MessageFuturesRule}. Like
 * Helios-0 it tolerates no region failure (a region waits for every peer's acknowledgement).
 */
public final class MessageFuturesProtocol extends LogProtocol {

    public MessageFuturesProtocol() {
        super("mf", new MessageFuturesRule());
    }
}
