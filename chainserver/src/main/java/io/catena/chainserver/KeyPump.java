package io.catena.chainserver;

/**
 * Lets the work waiting on a key try again: what a part of the chain server calls when it changed a
 * key that others may wait on. The chain server queues the key rather than recursing.
 */
@FunctionalInterface
interface KeyPump {
    void pump(long nowMicros, KeyState ks);
}
