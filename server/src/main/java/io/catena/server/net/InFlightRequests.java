package io.catena.server.net;

import io.catena.core.id.NodeId;
import io.catena.core.id.RequestId;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * When each client request still waiting for its answer arrived, so that the answer's latency
 * can be measured where it leaves. Keyed by the client connection's address and the request id:
 * a request resent on the same connection keeps its first arrival time, one resent on a new
 * connection after a failover is timed afresh.
 *
 * <p>Bounded: a request whose answer never leaves through this process (its client reconnected
 * and the answer went to the new address, or the process is cut off) must not hold memory for
 * ever. Entries older than {@code maxAgeNanos} are swept out (at most once per
 * {@code maxAgeNanos}, and at most once a second while the table is full), and when the table
 * holds {@code capacity} entries new requests are not timed. Both losses are counted.
 *
 * <p>Threading: any thread; every method is lock-free.
 */
public final class InFlightRequests {

    /** Enough for every request the coordinators' duplicate window keeps answers for. */
    public static final int DEFAULT_CAPACITY = 100_000;
    /** Longer than any client waits (its request timeout is at most 20 s). */
    public static final long DEFAULT_MAX_AGE_NANOS = 60_000_000_000L;
    private static final long MIN_FULL_SWEEP_INTERVAL_NANOS = 1_000_000_000L;

    private final int capacity;
    private final long maxAgeNanos;
    private final LongSupplier nanoClock;
    private final Map<Key, Arrival> arrivals = new ConcurrentHashMap<>();
    private final AtomicInteger size = new AtomicInteger();
    private final AtomicLong lastSweepNanos;
    private final AtomicLong untimedWhenFull = new AtomicLong();
    private final AtomicLong expired = new AtomicLong();

    /** When a request arrived and what kind it is. */
    public record Arrival(RequestKind kind, long arrivedNanos) {
    }

    private record Key(NodeId client, RequestId request) {
    }

    /**
     * @param capacity    the most requests timed at once
     * @param maxAgeNanos how long an unanswered request is remembered
     * @param nanoClock   a monotonic clock in nanoseconds ({@code System::nanoTime})
     */
    public InFlightRequests(int capacity, long maxAgeNanos, LongSupplier nanoClock) {
        if (capacity <= 0 || maxAgeNanos <= 0) {
            throw new IllegalArgumentException("capacity and maximum age must be positive");
        }
        this.capacity = capacity;
        this.maxAgeNanos = maxAgeNanos;
        this.nanoClock = nanoClock;
        this.lastSweepNanos = new AtomicLong(nanoClock.getAsLong());
    }

    public static InFlightRequests withDefaults() {
        return new InFlightRequests(DEFAULT_CAPACITY, DEFAULT_MAX_AGE_NANOS, System::nanoTime);
    }

    /** Notes that {@code request} arrived from {@code client} now, unless it is already waiting. */
    public void arrived(NodeId client, RequestId request, RequestKind kind) {
        long now = nanoClock.getAsLong();
        sweepIfDue(now);
        Key key = new Key(client, request);
        if (arrivals.containsKey(key)) {
            return;
        }
        if (size.get() >= capacity) {
            untimedWhenFull.incrementAndGet();
            return;
        }
        if (arrivals.putIfAbsent(key, new Arrival(kind, now)) == null) {
            size.incrementAndGet();
        }
    }

    /** Forgets {@code request} of {@code client} and returns when it arrived, or null if it was not timed. */
    public Arrival answered(NodeId client, RequestId request) {
        Arrival a = arrivals.remove(new Key(client, request));
        if (a != null) {
            size.decrementAndGet();
        }
        return a;
    }

    /** The current time of this table's clock, in nanoseconds. */
    public long nowNanos() {
        return nanoClock.getAsLong();
    }

    /** Requests timed and not answered yet. */
    public int size() {
        return size.get();
    }

    /** Requests that were not timed because the table was full. */
    public long untimedWhenFull() {
        return untimedWhenFull.get();
    }

    /** Requests forgotten unanswered after the maximum age. */
    public long expired() {
        return expired.get();
    }

    private void sweepIfDue(long now) {
        long last = lastSweepNanos.get();
        long since = now - last;
        boolean due = since >= maxAgeNanos || (size.get() >= capacity && since >= MIN_FULL_SWEEP_INTERVAL_NANOS);
        if (due && lastSweepNanos.compareAndSet(last, now)) {
            for (Map.Entry<Key, Arrival> e : arrivals.entrySet()) {
                if (now - e.getValue().arrivedNanos() >= maxAgeNanos && arrivals.remove(e.getKey(), e.getValue())) {
                    size.decrementAndGet();
                    expired.incrementAndGet();
                }
            }
        }
    }
}
