package io.catena.server.host;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A node's queue of steps: any thread adds, the node's thread takes them in the order they were
 * added. Steps are their own links (Vyukov's intrusive multi-producer single-consumer queue), so a
 * delivered message costs one object where a {@code ConcurrentLinkedQueue} took a node of its
 * own besides; an add is one atomic swap and never waits for another thread.
 *
 * <p>A step being added while the node's thread polls may show up only on a later poll: the
 * adding thread wakes the node's thread after the add, so it is never slept through.
 */
final class Inbox {

    private static final VarHandle TAIL;
    private static final VarHandle NEXT;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            TAIL = lookup.findVarHandle(Inbox.class, "tail", QueuedStep.class);
            NEXT = lookup.findVarHandle(QueuedStep.class, "next", QueuedStep.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** The step added last, or the one taken last if none is waiting; swapped by adding threads. */
    @SuppressWarnings("unused") // through TAIL
    private volatile QueuedStep tail;
    /** The step taken last (at first a placeholder that never runs); the node's thread only. */
    private QueuedStep head;

    Inbox() {
        QueuedStep placeholder = QueuedStep.of(now -> {
            throw new IllegalStateException("the inbox's placeholder is never run");
        });
        head = placeholder;
        tail = placeholder;
    }

    /** Adds {@code step}, which must not have been added before. Any thread. */
    void add(QueuedStep step) {
        QueuedStep previous = (QueuedStep) TAIL.getAndSet(this, step);
        NEXT.setRelease(previous, step);
    }

    /** The next step, or null if none has been added completely. The node's thread only. */
    QueuedStep poll() {
        QueuedStep taken = head;
        QueuedStep next = (QueuedStep) NEXT.getAcquire(taken);
        if (next == null) {
            return null;
        }
        head = next;
        // The old head is garbage now: unlinked, it cannot keep later steps alive if it was promoted.
        NEXT.set(taken, null);
        return next;
    }
}
