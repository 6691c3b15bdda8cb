package io.catena.wire;

import io.catena.core.message.Message;

/**
 * A protocol message between a client and the coordinator it is connected to: {@code SubmitTxn}
 * or {@code SubmitReadOnly} from the client, {@code TxnReply} back. The connection is the address.
 */
public record ClientMessage(Message message) implements Frame {

    public ClientMessage {
        if (message == null) {
            throw new IllegalArgumentException("a client message carries a message");
        }
    }

    @Override
    public FrameKind kind() {
        return FrameKind.CLIENT_MESSAGE;
    }
}
