package io.catena.server.storage;

import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * Whether a region's store is answering, judged from how its calls end: the store is failing from
 * the first failed call after a success until the next success. While it has failed for longer
 * than a grace period, the region refuses new client requests at once, saying why, rather than
 * taking them and leaving them to run out of their time budget with an unknown outcome: a refused
 * request has not run, so the client may retry it (here later, or in another region). Requests
 * already taken wait for the store; the nodes retry their calls with backoff.
 *
 * <p>Thread-safe: calls complete on the store's threads, requests are checked on the network's.
 */
public final class StoreHealth implements StorageObserver {

    /** Failures shorter than this are left to the nodes' retries: a store's blip is no outage. */
    public static final long GRACE_NANOS = TimeUnit.SECONDS.toNanos(2);

    private final LongSupplier nanoClock;
    private volatile long failingSinceNanos;
    private volatile boolean failing;
    private volatile String lastFailure = "";

    public StoreHealth() {
        this(System::nanoTime);
    }

    /** With a clock of its own (nanoseconds, like {@link System#nanoTime}), for tests. */
    public StoreHealth(LongSupplier nanoClock) {
        this.nanoClock = nanoClock;
    }

    @Override
    public void completed(StorageOp op, long elapsedNanos, Throwable failure) {
        if (failure == null) {
            if (failing) {
                failing = false;
            }
            return;
        }
        lastFailure = failure.getMessage() == null ? failure.getClass().getSimpleName() : failure.getMessage();
        if (!failing) {
            synchronized (this) {
                if (!failing) {
                    failingSinceNanos = nanoClock.getAsLong();
                    failing = true;
                }
            }
        }
    }

    /**
     * Why the region should refuse new requests now, or empty while the store answers (or has
     * failed for less than {@link #GRACE_NANOS}).
     */
    public Optional<String> outage() {
        if (!failing) {
            return Optional.empty();
        }
        long failingFor = nanoClock.getAsLong() - failingSinceNanos;
        if (failingFor < GRACE_NANOS) {
            return Optional.empty();
        }
        return Optional.of(String.format(Locale.ROOT, "the store of this region has been failing for %.0f s (%s)",
                failingFor / 1e9, lastFailure));
    }
}
