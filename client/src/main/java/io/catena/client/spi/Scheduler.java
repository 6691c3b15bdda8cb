package io.catena.client.spi;

/**
 * The clock and timers of a connection: request deadlines, resends, connect timeouts and the
 * pauses between reconnection rounds. Tests drive a manual one; Netty's event loop can serve as
 * the real one.
 *
 * <p>Thread-safe. {@link #schedule} never runs the task on the calling thread before it
 * returns; tasks may run on any thread, and a cancelled task that is already running finishes.
 */
public interface Scheduler {

    /** A monotonic clock, in nanoseconds from an arbitrary origin. */
    long nowNanos();

    /**
     * Runs {@code task} once, {@code delayNanos} from now (at once if not positive).
     *
     * @param delayNanos how long to wait
     * @param task       what to run
     * @return a handle that cancels the task if it has not started
     */
    Cancellable schedule(long delayNanos, Runnable task);

    /** A scheduled task that can still be called off. */
    @FunctionalInterface
    interface Cancellable {
        /** Calls the task off if it has not started; idempotent. */
        void cancel();
    }
}
