package io.catena.coordinator.schedule;

import io.catena.core.id.RequestId;
import io.catena.core.id.TxnId;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.BiConsumer;

/**
 * What first carried each client request, over a window of epochs: a transaction, or a
 * cancellation an outcome lookup logged. A client that retries in another region produces a
 * second transaction with the same request id; in every region the later one is recognised by
 * this index (fed in schedule order) and not run. A request cancelled first never runs at all.
 */
public final class RequestIndex {

    private final Map<RequestId, TxnId> first = new HashMap<>();
    private final Set<RequestId> cancelled = new HashSet<>();
    private final TreeMap<Long, List<RequestId>> byEpoch = new TreeMap<>();

    /** Whether {@code txn} is the first carrier of its request: false for a duplicate, which must not run. */
    public boolean register(RequestId request, TxnId txn) {
        if (known(request)) {
            return false;
        }
        first.put(request, txn);
        byEpoch.computeIfAbsent(txn.epoch(), e -> new ArrayList<>()).add(request);
        return true;
    }

    /**
     * A cancellation of {@code request} logged in {@code epoch}: it counts unless a transaction or
     * an earlier cancellation carried the request first.
     */
    public void cancel(RequestId request, long epoch) {
        if (!known(request)) {
            cancelled.add(request);
            byEpoch.computeIfAbsent(epoch, e -> new ArrayList<>()).add(request);
        }
    }

    /** The transaction that first carried the request (within the window), or null (unknown or cancelled). */
    public TxnId firstCarrier(RequestId request) {
        return first.get(request);
    }

    /** Whether a cancellation carried the request first (within the window): it never runs. */
    public boolean cancelled(RequestId request) {
        return cancelled.contains(request);
    }

    private boolean known(RequestId request) {
        return first.containsKey(request) || cancelled.contains(request);
    }

    /**
     * Forgets requests first seen at or before {@code epoch}, telling {@code expired} of each one a
     * transaction carried.
     */
    public void expireThrough(long epoch, BiConsumer<RequestId, TxnId> expired) {
        var head = byEpoch.headMap(epoch, true);
        for (List<RequestId> rs : head.values()) {
            for (RequestId r : rs) {
                if (!cancelled.remove(r)) {
                    expired.accept(r, first.remove(r));
                }
            }
        }
        head.clear();
    }
}
