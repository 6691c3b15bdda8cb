package io.catena.client.internal;

/**
 * A coordinator's cluster clock as this client can tell it: the reading in the coordinator's
 * Welcome, taken as the clock when the Welcome arrived, and advanced by this client's own clock
 * since. The reading was taken before the Welcome was sent, so every time translated from it is
 * at most the coordinator's clock at that moment (give or take how far the two clocks drift apart
 * during one connection): a request's issue time, stamped this way, is never later than the truth,
 * which is what the coordinator's copy window relies on.
 *
 * @param welcomeMicros the coordinator's clock in its Welcome
 * @param arrivedNanos  this client's clock when the Welcome arrived
 */
record CoordinatorClock(long welcomeMicros, long arrivedNanos) {

    /** The coordinator's clock at this client's {@code atNanos}, rounded down. */
    long micros(long atNanos) {
        return welcomeMicros + Math.floorDiv(atNanos - arrivedNanos, 1_000L);
    }
}
