package io.catena.client;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * The blocking forms of the asynchronous calls: wait, and throw what the future failed with, as
 * an exception of the same type created on the waiting thread, so the trace shows the
 * application's line (the asynchronous failure, from the event loop, is its cause).
 */
final class Await {

    private Await() {
    }

    /**
     * Waits without a timeout of its own: every request future completes by its deadline, which
     * the connection URL bounds.
     */
    static <T> T result(CompletableFuture<T> future) {
        try {
            return future.join();
        } catch (CompletionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof CatenaException c) {
                throw c.onCallingThread();
            }
            if (cause instanceof RuntimeException r) {
                throw r;
            }
            if (cause instanceof Error err) {
                throw err;
            }
            throw e;
        }
    }

    /**
     * A future that fails with the {@link CatenaException} itself rather than a
     * {@link CompletionException} around it, so that {@code whenComplete} and {@code exceptionally}
     * see the exception the documentation names.
     */
    static <T> CompletableFuture<T> unwrapped(CompletableFuture<T> future) {
        CompletableFuture<T> out = new CompletableFuture<>();
        future.whenComplete((value, failure) -> {
            if (failure == null) {
                out.complete(value);
            } else {
                out.completeExceptionally(failure instanceof CompletionException && failure.getCause() != null
                        ? failure.getCause() : failure);
            }
        });
        return out;
    }
}
