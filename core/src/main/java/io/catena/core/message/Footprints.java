package io.catena.core.message;

import java.util.List;

/**
 * Coordinator to chain server, once per scheduled epoch (possibly empty): the forward pass of
 * every transaction of the epoch, laid on this server's keys at once and in epoch order.
 */
public record Footprints(long epoch, List<Footprint> footprints) implements Message {
    public Footprints {
        footprints = List.copyOf(footprints);
    }

    @Override
    public MessageType type() {
        return MessageType.FOOTPRINTS;
    }
}
