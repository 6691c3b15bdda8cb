package io.catena.core.protocol;

/**
 * What a protocol supports, so that a host refuses the rest in one sentence before it starts.
 *
 * @param procedures    runs stored procedures as well as ad-hoc transactions
 * @param faultTolerant commits while regions are down, and survives lost and duplicated messages;
 *                      a protocol that does not runs with fault tolerance 0 on links that lose
 *                      nothing (it may still recover from a crash of its own, as the baselines do)
 */
public record Capabilities(boolean procedures, boolean faultTolerant) {

    /**
     * Why {@code protocol} cannot run a cluster tolerating {@code faultTolerance} region failures
     * whose regions carry stored procedures (when {@code withProcedures}), in one sentence; null if
     * it can.
     */
    public String problem(String protocol, int faultTolerance, boolean withProcedures) {
        if (!faultTolerant && faultTolerance > 0) {
            return protocol + " handles no region failure (docs/PROTOCOL.md), so its fault tolerance must be 0, not "
                    + faultTolerance;
        }
        if (!procedures && withProcedures) {
            return protocol + " runs ad-hoc transactions only; start its regions without procedure libraries";
        }
        return null;
    }
}
