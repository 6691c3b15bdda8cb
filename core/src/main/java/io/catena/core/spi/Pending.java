package io.catena.core.spi;

/**
 * A result that arrives later. Threading: the host invokes the completion on the owning node's
 * thread, as a step of its own with the current time, never inside the call that registered it.
 * That keeps protocol steps atomic and lets the simulator order completions deterministically.
 */
public interface Pending<T> {

    /** Registers the single completion. */
    void whenDone(Completion<T> completion);
}
