package io.catena.server.host;

import io.catena.core.spi.Completion;
import io.catena.core.spi.Pending;
import io.catena.server.storage.ReadyStage;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.function.BiConsumer;

/**
 * One storage call of a node, from the store's answer to the node's completion: the
 * {@link Pending} the node registers its completion with, what the store's stage calls when it
 * ends, and the step that runs the completion on the node's thread ({@link NodeRunner#complete}),
 * only if the node has not been restarted since the call ({@code generation}). One object per
 * call, where closures would take four, and no further stage when the store has already answered
 * (the embedded store always has).
 *
 * <p>Threading: {@link #whenDone} on the node's thread; {@link #accept} on the store's thread (or
 * at once, on the node's, for an answer already there), which publishes the result to the node's
 * thread by handing this step over.
 */
final class StorageCall<T> extends QueuedStep implements Pending<T>, BiConsumer<T, Throwable> {

    private final CompletionStage<T> stage;
    private final NodeRunner owner;
    private final int generation;
    private Completion<T> completion;
    private T value;
    private Throwable failure;

    StorageCall(CompletionStage<T> stage, NodeRunner owner, int generation) {
        this.stage = stage;
        this.owner = owner;
        this.generation = generation;
    }

    @Override
    public void whenDone(Completion<T> completion) {
        this.completion = completion;
        if (ReadyStage.isReady(stage)) {
            accept(ReadyStage.value(stage), null);
        } else {
            stage.whenComplete(this);
        }
    }

    /** The store's answer: queued for the node's thread. */
    @Override
    public void accept(T value, Throwable failure) {
        this.value = value;
        this.failure = unwrap(failure);
        owner.complete(this);
    }

    @Override
    public void run(long nowMicros) {
        if (owner.isGeneration(generation)) {
            completion.complete(nowMicros, value, failure);
        }
    }

    private static Throwable unwrap(Throwable t) {
        return t instanceof CompletionException && t.getCause() != null ? t.getCause() : t;
    }
}
