package io.catena.harness.check;

/**
 * Whether a transaction may write ({@code "rw"}) or only reads ({@code "ro"}).
 */
public enum TxnType {
    /** A read-write transaction. */
    READ_WRITE("rw"),
    /** A read-only transaction. */
    READ_ONLY("ro");

    private final String wireName;

    TxnType(String wireName) {
        this.wireName = wireName;
    }

    /** The spelling in the history format. */
    public String wireName() {
        return wireName;
    }

    /**
     * The type spelled {@code wireName} in the history format.
     *
     * @throws IllegalArgumentException if it is neither {@code "rw"} nor {@code "ro"}
     */
    public static TxnType fromWire(String wireName) {
        for (TxnType type : values()) {
            if (type.wireName.equals(wireName)) {
                return type;
            }
        }
        throw new IllegalArgumentException("expected \"rw\" or \"ro\" but was \"" + wireName + "\"");
    }
}
