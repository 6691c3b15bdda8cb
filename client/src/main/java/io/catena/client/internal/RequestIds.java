package io.catena.client.internal;

import io.catena.core.id.RequestId;
import java.security.SecureRandom;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Names the requests of one connection. The client part is a random 63-bit number drawn once per
 * connection, so that connections never share names across the cluster without coordinating
 * (two collide with probability about n²/2⁶⁴); the sequence part counts up from 1 and is never
 * reused. A retry reuses its request's name; that is how coordinators recognise it.
 */
public final class RequestIds {

    private final long client;
    private final AtomicLong sequence = new AtomicLong();

    /** @param client this connection's client part; positive */
    public RequestIds(long client) {
        if (client <= 0) {
            throw new IllegalArgumentException("a client id is positive, not " + client);
        }
        this.client = client;
    }

    /** A fresh positive 63-bit client id from a cryptographically strong source. */
    public static long randomClientId(SecureRandom random) {
        long id;
        do {
            id = random.nextLong() >>> 1;
        } while (id == 0);
        return id;
    }

    /** This connection's client part. */
    public long client() {
        return client;
    }

    /** A request id never returned before on this connection. */
    public RequestId next() {
        return new RequestId(client, sequence.incrementAndGet());
    }
}
