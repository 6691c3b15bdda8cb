package io.catena.core.message;

/**
 * Everything protocol nodes say to each other. Messages are immutable data; the behaviour lives
 * in the node that handles them. Core holds what every protocol shares, clients' submissions and
 * answers; each protocol's own messages are {@link PluginMessage}s in its module.
 */
public sealed interface Message permits SubmitTxn, SubmitReadOnly, QueryOutcome, TxnReply, PluginMessage {

    MessageKind type();
}
