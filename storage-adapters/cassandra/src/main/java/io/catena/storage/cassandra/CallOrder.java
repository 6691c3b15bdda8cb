package io.catena.storage.cassandra;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * Runs asynchronous writes one after another per key, in call order: the driver completes
 * requests in any order, but the storage SPI promises that calls on one chain key (or one log
 * origin) take effect in the order they were made. Each key has a tail, the stage of its last
 * write; a new write starts when the tail completes, however it completed, and becomes the new
 * tail. A tail is removed once its write ends with nothing queued behind it, so idle keys cost
 * nothing.
 *
 * <p>Reads ({@link #after}) wait for the writes submitted before them but do not hold up later
 * writes: a read sees every write called before it, and may also see one called after it. Readers
 * polling a hot key would otherwise queue its writer behind them.
 *
 * <p>Thread-safe. An operation starts on the thread that completed its predecessor (a driver I/O
 * thread) or on the caller's; operations must not block.
 */
final class CallOrder<K> {

    private final ConcurrentHashMap<K, CompletableFuture<?>> tails = new ConcurrentHashMap<>();

    /** Runs {@code operation} after every operation submitted before for {@code key}. */
    <T> CompletableFuture<T> submit(K key, Supplier<? extends CompletionStage<T>> operation) {
        CompletableFuture<T> result = new CompletableFuture<>();
        CompletableFuture<?> previous = tails.put(key, result);
        Runnable start = () -> {
            CompletionStage<T> stage;
            try {
                stage = operation.get();
            } catch (RuntimeException e) {
                stage = CompletableFuture.failedFuture(e);
            }
            stage.whenComplete((value, failure) -> {
                tails.remove(key, result);
                if (failure != null) {
                    result.completeExceptionally(failure);
                } else {
                    result.complete(value);
                }
            });
        };
        if (previous == null) {
            start.run();
        } else {
            previous.whenComplete((ignored, failure) -> start.run());
        }
        return result;
    }

    /** Runs {@code read} once every write submitted before it for {@code key} has ended. */
    <T> CompletableFuture<T> after(K key, Supplier<? extends CompletionStage<T>> read) {
        CompletableFuture<?> tail = tails.get(key);
        CompletionStage<?> ready = tail == null ? CompletableFuture.completedFuture(null) : tail.handle((v, e) -> null);
        return ready.thenCompose(x -> read.get()).toCompletableFuture();
    }

    /** Completes (never exceptionally) once every operation submitted so far for a matching key has ended. */
    CompletableFuture<Void> drained(Predicate<K> which) {
        List<CompletableFuture<?>> pending = new ArrayList<>();
        tails.forEach((key, tail) -> {
            if (which.test(key)) {
                pending.add(tail.handle((v, e) -> null));
            }
        });
        return CompletableFuture.allOf(pending.toArray(CompletableFuture[]::new));
    }
}
