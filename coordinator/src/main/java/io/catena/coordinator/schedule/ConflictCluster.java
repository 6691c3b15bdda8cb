package io.catena.coordinator.schedule;

import io.catena.core.data.ChainKey;
import io.catena.core.id.TxnId;
import java.util.List;
import java.util.SortedMap;

/**
 * Transactions of one epoch connected by conflicts on shared chain keys. A singleton without
 * contended keys is a non-conflicting transaction: its place in the serialization order is fixed
 * by the epoch alone. Otherwise the order on each contended key is voted.
 *
 * @param members        in canonical (arrival) order
 * @param contendedKeys  each contended key with the members touching it, in canonical order
 */
public record ConflictCluster(List<TxnId> members, SortedMap<ChainKey, List<TxnId>> contendedKeys) {

    public ConflictCluster {
        members = List.copyOf(members);
        contendedKeys = java.util.Collections.unmodifiableSortedMap(new java.util.TreeMap<>(contendedKeys));
    }

    public boolean conflicting() {
        return !contendedKeys.isEmpty();
    }

    /** Deterministic name of the cluster: its first member. */
    public TxnId first() {
        return members.get(0);
    }
}
