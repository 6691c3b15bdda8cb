package io.catena.harness.check;

/**
 * What the keys of a table hold, as a history's header declares it: which operations apply to
 * them and which checker judges their reads.
 */
public enum KeyKind {
    /** Lists of unique integers: appended to, read whole (the list-append analysis). */
    LIST("list"),
    /** Scalars: written with unique values, read back (garbage and aborted reads). */
    REGISTER("register"),
    /** Integers: added to, read as balances (the bank's total). */
    COUNTER("counter");

    private final String wireName;

    KeyKind(String wireName) {
        this.wireName = wireName;
    }

    /** The spelling in a history's header. */
    public String wireName() {
        return wireName;
    }

    /**
     * The kind spelled {@code wireName} in a history's header.
     *
     * @throws IllegalArgumentException if it is none of list, register, counter
     */
    public static KeyKind fromWire(String wireName) {
        for (KeyKind kind : values()) {
            if (kind.wireName.equals(wireName)) {
                return kind;
            }
        }
        throw new IllegalArgumentException("expected one of list, register, counter but was \"" + wireName + "\"");
    }
}
