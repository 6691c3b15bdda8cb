package io.catena.wire.codec;

/**
 * Bounds on what a frame body may contain, enforced when reading (untrusted input) and, where
 * Jackson cannot check it, when writing, so that a sender fails fast instead of its peer.
 */
final class WireLimits {

    /**
     * Arrays and objects inside one body. The deepest regular value (a datum list inside an op
     * inside a logged transaction inside an epoch message) is about 12 levels, so 64 leaves room
     * for nested list data while keeping recursive readers far from the thread's stack limit.
     */
    static final int MAX_NESTING_DEPTH = 64;

    /** Characters of one string value; caps the allocation a single token can cause. */
    static final int MAX_STRING_CHARS = 4 << 20;

    /** Characters of one field name; only row column names are not fixed by the schema. */
    static final int MAX_NAME_CHARS = 64 << 10;

    /** Characters of one number: a long has at most 19 digits and a sign. */
    static final int MAX_NUMBER_CHARS = 20;

    private WireLimits() {
    }
}
