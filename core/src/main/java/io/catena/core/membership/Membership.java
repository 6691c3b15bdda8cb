package io.catena.core.membership;

/**
 * Which chain server owns which key from membership epoch {@code fromEpoch} on, until the next
 * membership of the region's history: every transaction of an epoch at or after it, and before the
 * next, is routed by {@code ownership}.
 */
public record Membership(long fromEpoch, OwnershipMap ownership) {

    public Membership {
        if (fromEpoch < 1) {
            throw new IllegalArgumentException("a membership starts at an epoch (1 or later), not " + fromEpoch);
        }
        if (ownership == null) {
            throw new IllegalArgumentException("a membership needs an ownership map");
        }
    }
}
