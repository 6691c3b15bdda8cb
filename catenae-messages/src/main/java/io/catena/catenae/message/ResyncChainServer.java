package io.catena.catenae.message;

/**
 * Coordinator to a (re)started chain server: footprints follow from {@code fromEpoch} on;
 * everything before it is applied and needs no bookkeeping.
 */
public record ResyncChainServer(long fromEpoch, long incarnation) implements CatenaMessage {
    @Override
    public CatenaMessageType type() {
        return CatenaMessageType.RESYNC_CHAIN_SERVER;
    }
}
