package io.catena.core.message;

/** Coordinator to resolver: every transaction of epochs up to this one has finished speculating. */
public record EpochRetired(long epoch) implements Message {
    @Override
    public MessageType type() {
        return MessageType.EPOCH_RETIRED;
    }
}
