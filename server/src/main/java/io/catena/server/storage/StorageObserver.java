package io.catena.server.storage;

/** Told of every storage call of an {@link ObservedStorageEngine} once it completes. Thread-safe. */
@FunctionalInterface
public interface StorageObserver {

    /**
     * @param op           which call
     * @param elapsedNanos from the call to its completion
     * @param failure      why it failed, or null if it succeeded
     */
    void completed(StorageOp op, long elapsedNanos, Throwable failure);
}
