package io.catena.server.host;

/** One unit of work a {@link NodeRunner} runs on its node's thread, given the current time. */
@FunctionalInterface
interface Step {
    void run(long nowMicros);
}
