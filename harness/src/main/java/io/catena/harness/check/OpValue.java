package io.catena.harness.check;

import java.util.List;
import java.util.Objects;

/**
 * The {@code "value"} of one operation: JSON {@code null} (or an absent field), an integer, a
 * list of integers, or a string.
 *
 * <p>Appends and adds carry an {@link Int}; register writes an {@link Int} or a {@link Text};
 * reads of list keys an {@link IntList} or {@link Nil} (absent list, same as empty); reads of
 * register and counter keys an {@link Int}, a {@link Text} or {@link Nil} (absent). Reads in
 * transactions that did not commit are usually {@link Nil}: unobserved.
 */
public sealed interface OpValue permits OpValue.Nil, OpValue.Int, OpValue.IntList, OpValue.Text {

    /** The one {@link Nil} value. */
    Nil NIL = new Nil();

    /** An integer value. */
    static Int of(long value) {
        return new Int(value);
    }

    /** A string value. */
    static Text of(String value) {
        return new Text(value);
    }

    /** A list of integers. */
    static IntList ofList(List<Long> values) {
        return new IntList(values);
    }

    /** JSON {@code null} or absent: no value, or not observed. */
    record Nil() implements OpValue {
        @Override
        public String toString() {
            return "null";
        }
    }

    /** A 64-bit integer. */
    record Int(long value) implements OpValue {
        @Override
        public String toString() {
            return Long.toString(value);
        }
    }

    /** An immutable list of integers, in the order read. */
    record IntList(List<Long> values) implements OpValue {
        /** Copies {@code values}; none may be null. */
        public IntList {
            values = List.copyOf(values);
        }

        @Override
        public String toString() {
            return values.toString();
        }
    }

    /** A string scalar. */
    record Text(String value) implements OpValue {
        /** Requires a non-null string. */
        public Text {
            Objects.requireNonNull(value, "value");
        }

        @Override
        public String toString() {
            return '"' + value + '"';
        }
    }
}
