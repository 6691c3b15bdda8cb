package io.catena.harness.record;

/** The classes latency is reported by. */
public enum TxnClass {
    /** Read-write, no conflict within its epoch: ordered by its epoch alone. */
    NON_CONFLICTING("rw non-conflicting"),
    /** Read-write, conflicting within its epoch: order validated across regions. */
    CONFLICTING("rw conflicting"),
    /** Read-only: a local snapshot. */
    READ_ONLY("read-only");

    private final String label;

    TxnClass(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }
}
