package io.catena.catenae.message;

import io.catena.core.data.Version;
import java.util.List;

/**
 * Coordinator to chain server, once per scheduled epoch (possibly empty): the forward pass of
 * every transaction of the epoch, laid on this server's keys at once and in epoch order.
 * {@code collectBelow}: every transaction at or below it is applied everywhere in the region, so
 * history older than it is no longer needed (null: keep everything).
 */
public record Footprints(long epoch, List<Footprint> footprints, Version collectBelow) implements CatenaMessage {
    public Footprints {
        footprints = List.copyOf(footprints);
    }

    @Override
    public CatenaMessageType type() {
        return CatenaMessageType.FOOTPRINTS;
    }
}
