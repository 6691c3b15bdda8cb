package io.catena.catenae.message;

import io.catena.core.membership.OwnershipMap;

/**
 * Host to its region's coordinator: the region's chain servers should own keys by
 * {@code ownership} from now on (a chain server joined or left, or ranges moved: in the runtime
 * from the store's layout or the configuration, in the simulator from a fault). The coordinator
 * decides the membership epoch it applies from.
 */
public record ChangeMembership(OwnershipMap ownership) implements CatenaMessage {
    @Override
    public CatenaMessageType type() {
        return CatenaMessageType.CHANGE_MEMBERSHIP;
    }
}
