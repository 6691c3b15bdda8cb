package io.catena.harness.check;

/**
 * The kinds of dependency edge between transactions (Adya's, as inferred by Elle).
 */
enum DependencyType {
    /** Write-write: the source installed the version right before the target's. */
    WW("ww"),
    /** Write-read: the target read the version the source installed. */
    WR("wr"),
    /** Read-write (anti-dependency): the target installed the version right after the one the source read. */
    RW("rw");

    /** A mask of every type. */
    static final int ALL = 0b111;

    private static final DependencyType[] BY_ORDINAL = values();

    private final String label;

    DependencyType(String label) {
        this.label = label;
    }

    String label() {
        return label;
    }

    /** This type's bit in a type mask. */
    int bit() {
        return 1 << ordinal();
    }

    static DependencyType ofOrdinal(int ordinal) {
        return BY_ORDINAL[ordinal];
    }
}
