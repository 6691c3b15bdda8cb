package io.catena.harness.workload;

/** Values no other client ever uses: the client's number in the high bits, a counter below. */
public final class UniqueValues {

    private final long base;
    private long next;

    public UniqueValues(long clientNumber) {
        this.base = clientNumber << 32;
    }

    public long next() {
        return base | ++next;
    }
}
