package io.catena.server.host;

/**
 * A step that is its own link in a node's {@link Inbox}, so that queueing it allocates nothing
 * beyond the step. Each instance is queued at most once.
 */
abstract class QueuedStep implements Step {

    /** The step queued after this one; accessed through {@link Inbox}'s handle only. */
    QueuedStep next;

    /** A step given as a closure, for the rare steps that are not messages or storage answers. */
    static QueuedStep of(Step step) {
        return new QueuedStep() {
            @Override
            public void run(long nowMicros) {
                step.run(nowMicros);
            }
        };
    }
}
