package io.catena.core.txn;

/** How a hop uses its chain key. Two hops on one chain key conflict unless both only read. */
public enum Access {
    READ,
    WRITE,
    READ_WRITE;

    public boolean writes() {
        return this != READ;
    }

    public boolean reads() {
        return this != WRITE;
    }

    public boolean conflictsWith(Access other) {
        return writes() || other.writes();
    }

    public Access union(Access other) {
        if (this == other) {
            return this;
        }
        return READ_WRITE;
    }
}
