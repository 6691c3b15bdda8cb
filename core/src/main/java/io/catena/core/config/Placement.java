package io.catena.core.config;

import io.catena.core.data.ChainKey;

/**
 * Which chain server of a region owns a chain key. Every node of a region must agree, so
 * implementations are pure functions of the key. Regions may place keys differently (messages
 * that name a chain server never leave its region): {@link LocalityPlacement} follows each
 * region's own storage layout.
 */
public interface Placement {

    int serverFor(ChainKey key);

    int servers();
}
