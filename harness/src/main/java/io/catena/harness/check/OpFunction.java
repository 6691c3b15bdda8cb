package io.catena.harness.check;

/**
 * The function of one operation in a transaction (the {@code "f"} field of the history format).
 */
public enum OpFunction {
    /** Append the integer value to the list at the key. */
    APPEND("append"),
    /** Read the key: a whole list for list keys, a scalar for register keys. */
    READ("read"),
    /** Write a unique scalar value to a register key. */
    WRITE("write"),
    /** Add an integer to a counter key (a bank balance). */
    ADD("add");

    private final String wireName;

    OpFunction(String wireName) {
        this.wireName = wireName;
    }

    /** The spelling in the history format. */
    public String wireName() {
        return wireName;
    }

    /**
     * The function spelled {@code wireName} in the history format.
     *
     * @throws IllegalArgumentException if it is none of append, read, write, add
     */
    public static OpFunction fromWire(String wireName) {
        for (OpFunction f : values()) {
            if (f.wireName.equals(wireName)) {
                return f;
            }
        }
        throw new IllegalArgumentException(
                "expected one of append, read, write, add but was \"" + wireName + "\"");
    }
}
