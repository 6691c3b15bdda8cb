package io.catena.catenae.message;

import io.catena.core.membership.Membership;
import io.catena.core.membership.OwnershipMap;

/**
 * Coordinator to every chain server of its region, before the footprints of {@code fromEpoch}:
 * transactions of that epoch and later are routed by {@code ownership}. Persisted before it is
 * sent; sent again after a chain server's resync and a coordinator's recovery.
 */
public record AnnounceMembership(long fromEpoch, OwnershipMap ownership) implements CatenaMessage {

    public Membership membership() {
        return new Membership(fromEpoch, ownership);
    }

    @Override
    public CatenaMessageType type() {
        return CatenaMessageType.ANNOUNCE_MEMBERSHIP;
    }
}
