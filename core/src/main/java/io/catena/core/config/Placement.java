package io.catena.core.config;

import io.catena.core.data.ChainKey;

/**
 * Which chain server of a region owns a chain key. Every node of every region must agree, so
 * implementations are pure functions of the key.
 */
public interface Placement {

    int serverFor(ChainKey key);

    int servers();
}
