package io.catena.core.id;

import java.util.Comparator;

/**
 * The client's name for one request: the client's identity and a sequence number it never
 * reuses. A client that retries sends the same request id, which is how coordinators recognise
 * a retry instead of running the transaction twice.
 */
public record RequestId(long client, long sequence) implements Comparable<RequestId> {

    private static final Comparator<RequestId> ORDER = Comparator.comparingLong(RequestId::client)
            .thenComparingLong(RequestId::sequence);

    @Override
    public int compareTo(RequestId other) {
        return ORDER.compare(this, other);
    }

    @Override
    public String toString() {
        return "c" + client + "-" + sequence;
    }
}
