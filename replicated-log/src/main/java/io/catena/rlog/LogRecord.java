package io.catena.rlog;

import java.util.Comparator;
import java.util.Objects;

/**
 * One event of the replicated log: appended by region {@code origin} at {@code timestamp}, carrying
 * the protocol's own payload (a transaction's preparing or finished record for Helios, a pending or
 * committed one for Message Futures). The log never looks into the payload.
 *
 * <p>A record is named by its origin and timestamp: an origin stamps its records strictly
 * increasing, so no two of its records share a timestamp. Across origins, records are ordered by
 * {@link #ORDER}, timestamp first; since an origin stamps a record above everything it knows (the
 * Lamport rule of {@link ReplicatedLog#append}), that order extends happened-before.
 *
 * @param origin    the index of the region that appended it
 * @param timestamp positive, the origin's stamp
 * @param payload   the protocol's record
 * @param <P>       the protocol's record type; immutable, since every region that learns the
 *                  record shares it
 */
public record LogRecord<P>(int origin, long timestamp, P payload) {

    /** (timestamp, origin): the order in which records are shipped and learned. */
    public static final Comparator<LogRecord<?>> ORDER = Comparator
            .<LogRecord<?>>comparingLong(LogRecord::timestamp)
            .thenComparingInt(LogRecord::origin);

    public LogRecord {
        if (origin < 0) {
            throw new IllegalArgumentException("region index must be non-negative: " + origin);
        }
        if (timestamp <= 0) {
            throw new IllegalArgumentException("a record's timestamp is positive: " + timestamp);
        }
        Objects.requireNonNull(payload, "payload");
    }

    @Override
    public String toString() {
        return "r" + origin + "@" + timestamp + " " + payload;
    }
}
