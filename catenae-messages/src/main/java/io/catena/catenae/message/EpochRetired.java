package io.catena.catenae.message;

/** Coordinator to resolver: every transaction of epochs up to this one has finished speculating. */
public record EpochRetired(long epoch) implements CatenaMessage {
    @Override
    public CatenaMessageType type() {
        return CatenaMessageType.EPOCH_RETIRED;
    }
}
