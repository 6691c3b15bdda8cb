package io.catena.coordinator.decide;

import io.catena.core.data.Version;
import io.catena.core.id.TxnId;
import java.util.Map;

/**
 * The decided serialization of one conflict cluster: every member's version, and whether some
 * key had to fall back from a majority or a cycle had to be broken (for figures).
 */
public record ClusterDecision(long epoch, Map<TxnId, Version> versions, int keysByMajority, int keysByFallback,
                              int membersInCycles) {
}
