package io.catena.server.storage;

/** The kinds of storage call a benchmark counts, one per method of the storage SPI. */
public enum StorageOp {
    LOAD("load"),
    READ("read"),
    APPLY("apply"),
    GC("gc"),
    DROP("drop"),
    LIST_KEYS("list"),
    LOG_APPEND("log append"),
    LOG_READ("log read"),
    LOG_TRUNCATE("log truncate");

    private final String label;

    StorageOp(String label) {
        this.label = label;
    }

    /** How reports name it. */
    public String label() {
        return label;
    }
}
