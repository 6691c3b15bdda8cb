package io.catena.baselines;

import io.catena.core.id.RequestId;
import io.catena.core.message.TxnReply;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The last answers a region gave, so that a client that retries a request (after a timeout or a
 * reconnect) gets the same answer instead of running the transaction twice. Bounded, oldest out:
 * the baselines keep answers in memory only, as they keep no state across a restart.
 */
final class Answers {

    private final LinkedHashMap<RequestId, TxnReply> kept;

    Answers(int capacity) {
        this.kept = new LinkedHashMap<>(16, 0.75f, false) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<RequestId, TxnReply> eldest) {
                return size() > capacity;
            }
        };
    }

    void put(TxnReply reply) {
        kept.put(reply.request(), reply);
    }

    /** The answer given to {@code request}, or null. */
    TxnReply get(RequestId request) {
        return kept.get(request);
    }
}
