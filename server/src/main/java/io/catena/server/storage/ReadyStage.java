package io.catena.server.storage;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * Whether a store's answer is already there: the embedded store completes every call before it
 * returns, and what follows such a call can then run at once instead of through a further
 * {@link CompletableFuture} stage and the closure it takes (two objects per store call and
 * layer, on the path of every transaction).
 */
public final class ReadyStage {

    private ReadyStage() {
    }

    /**
     * True if {@code stage} is a plain {@link CompletableFuture} that has completed normally, so
     * that {@link CompletableFuture#getNow} returns its value. Subclasses are left out: a minimal
     * stage refuses to be asked.
     */
    public static boolean isReady(CompletionStage<?> stage) {
        return stage.getClass() == CompletableFuture.class && isDoneNormally((CompletableFuture<?>) stage);
    }

    private static boolean isDoneNormally(CompletableFuture<?> future) {
        return future.isDone() && !future.isCompletedExceptionally();
    }

    /** The value of a stage that {@link #isReady}. */
    @SuppressWarnings("unchecked")
    public static <T> T value(CompletionStage<T> readyStage) {
        return ((CompletableFuture<T>) readyStage).getNow(null);
    }
}
