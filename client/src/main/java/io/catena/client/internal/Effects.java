package io.catena.client.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What one step of a {@link CoordinatorSession} wants done once its lock is released: frames to
 * send, links to open or close, futures to complete. Running them outside the lock means a
 * transport that answers synchronously, or an application callback chained on a future, can never
 * re-enter the session halfway through a step or stall it.
 */
final class Effects {

    private static final Logger LOG = LoggerFactory.getLogger(Effects.class);

    private final List<Runnable> actions = new ArrayList<>();

    void add(Runnable action) {
        actions.add(action);
    }

    <T> void complete(CompletableFuture<T> future, T value) {
        actions.add(() -> future.complete(value));
    }

    void fail(CompletableFuture<?> future, Throwable failure) {
        actions.add(() -> future.completeExceptionally(failure));
    }

    /** Runs every action in order; one that throws is logged and does not stop the others. */
    void run() {
        for (Runnable action : actions) {
            try {
                action.run();
            } catch (RuntimeException e) {
                LOG.warn("A connection action failed; the connection goes on", e);
            }
        }
        actions.clear();
    }
}
