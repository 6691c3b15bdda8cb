package io.catena.tpcc.check;

/** How a condition fared. */
public enum ConditionStatus {
    PASSED,
    FAILED,
    /** The condition does not hold by design at this point (condition 11 once Delivery may have run). */
    NOT_APPLICABLE
}
