package io.catena.lab.fault;

/**
 * A step of a scenario, marked in the run's timeline: a fault applied (or made worse), or healed.
 *
 * @param atMicros when, on the clock the load driver stamps the history with
 * @param healed   false for a fault applied, true for the step that heals it
 * @param what     what was done, e.g. {@code cut europe-west1's links}
 */
public record FaultMark(long atMicros, boolean healed, String what) {
}
