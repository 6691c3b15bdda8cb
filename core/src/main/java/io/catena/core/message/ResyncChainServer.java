package io.catena.core.message;

/**
 * Coordinator to a (re)started chain server: footprints follow from {@code fromEpoch} on;
 * everything before it is applied and needs no bookkeeping.
 */
public record ResyncChainServer(long fromEpoch, long incarnation) implements Message {
    @Override
    public MessageType type() {
        return MessageType.RESYNC_CHAIN_SERVER;
    }
}
