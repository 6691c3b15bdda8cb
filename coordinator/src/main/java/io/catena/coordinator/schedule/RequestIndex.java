package io.catena.coordinator.schedule;

import io.catena.core.id.RequestId;
import io.catena.core.id.TxnId;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.BiConsumer;

/**
 * Which transaction first carried each client request, over a window of epochs. A client that
 * retries in another region produces a second transaction with the same request id; in every
 * region the later one is recognised by this index (fed in schedule order) and not run.
 */
public final class RequestIndex {

    private final Map<RequestId, TxnId> first = new HashMap<>();
    private final TreeMap<Long, List<RequestId>> byEpoch = new TreeMap<>();

    /** Returns the earlier transaction of the same request, or null if this is the first. */
    public TxnId register(RequestId request, TxnId txn) {
        TxnId earlier = first.putIfAbsent(request, txn);
        if (earlier == null) {
            byEpoch.computeIfAbsent(txn.epoch(), e -> new ArrayList<>()).add(request);
        }
        return earlier;
    }

    /** The transaction that first carried the request (within the window), or null. */
    public TxnId firstCarrier(RequestId request) {
        return first.get(request);
    }

    /** Forgets requests first seen at or before {@code epoch}, telling {@code expired} of each. */
    public void expireThrough(long epoch, BiConsumer<RequestId, TxnId> expired) {
        var head = byEpoch.headMap(epoch, true);
        for (List<RequestId> rs : head.values()) {
            for (RequestId r : rs) {
                expired.accept(r, first.remove(r));
            }
        }
        head.clear();
    }
}
