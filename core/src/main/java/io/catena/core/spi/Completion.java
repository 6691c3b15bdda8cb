package io.catena.core.spi;

/** Receives the result of an asynchronous operation, with the time it is delivered. */
@FunctionalInterface
public interface Completion<T> {

    /** Exactly one of {@code value} (possibly null for Void) and {@code failure} is meaningful. */
    void complete(long nowMicros, T value, Throwable failure);
}
