package io.catena.storage.hbase;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * Runs asynchronous operations one at a time per key, in the order they were submitted, while
 * operations on different keys run concurrently. Each key has a tail future while it has work;
 * the next operation starts when the tail completes (successfully or not), and the tail is
 * removed once the key is idle, so the map holds only busy keys. Thread-safe; never blocks.
 */
final class KeySequencer<K> {

    private final ConcurrentHashMap<K, CompletableFuture<?>> tails = new ConcurrentHashMap<>();

    /** Starts {@code operation} after every operation submitted before it for {@code key}. */
    <T> CompletableFuture<T> submit(K key, Supplier<? extends CompletionStage<T>> operation) {
        CompletableFuture<T> result = new CompletableFuture<>();
        CompletableFuture<?> previous = tails.put(key, result);
        if (previous == null) {
            start(operation, result);
        } else {
            previous.whenComplete((ignored, failure) -> start(operation, result));
        }
        result.whenComplete((ignored, failure) -> tails.remove(key, result));
        // A copy, so a caller completing or cancelling its stage cannot cut the key's chain.
        return result.copy();
    }

    /** Keys with work queued or running (for tests). */
    int busyKeys() {
        return tails.size();
    }

    private static <T> void start(Supplier<? extends CompletionStage<T>> operation, CompletableFuture<T> result) {
        try {
            operation.get().whenComplete((value, failure) -> {
                if (failure != null) {
                    result.completeExceptionally(failure);
                } else {
                    result.complete(value);
                }
            });
        } catch (RuntimeException e) {
            result.completeExceptionally(e);
        }
    }
}
