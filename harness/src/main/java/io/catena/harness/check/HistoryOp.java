package io.catena.harness.check;

import java.util.Arrays;
import java.util.Objects;

/**
 * One operation of a transaction, in program order: its function, key and value.
 *
 * @param f the operation's function
 * @param key the key it touches
 * @param value see {@link OpValue} for which value each function carries
 */
public record HistoryOp(OpFunction f, String key, OpValue value) {

    /**
     * Checks the value's shape: appends and adds carry an integer, writes an integer or a string.
     *
     * @throws IllegalArgumentException if the value does not fit the function
     */
    public HistoryOp {
        Objects.requireNonNull(f, "f");
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(value, "value");
        if ((f == OpFunction.APPEND || f == OpFunction.ADD) && !(value instanceof OpValue.Int)) {
            throw new IllegalArgumentException(f.wireName() + " needs an integer value but got " + value);
        }
        if (f == OpFunction.WRITE && !(value instanceof OpValue.Int || value instanceof OpValue.Text)) {
            throw new IllegalArgumentException("write needs an integer or string value but got " + value);
        }
    }

    /** Appends {@code value} to the list at {@code key}. */
    public static HistoryOp append(String key, long value) {
        return new HistoryOp(OpFunction.APPEND, key, OpValue.of(value));
    }

    /** Reads the list at {@code key} as {@code elements} (no elements: empty list). */
    public static HistoryOp readList(String key, Long... elements) {
        return new HistoryOp(OpFunction.READ, key, OpValue.ofList(Arrays.asList(elements)));
    }

    /** Reads {@code key} as {@code value}. */
    public static HistoryOp read(String key, OpValue value) {
        return new HistoryOp(OpFunction.READ, key, value);
    }

    /** Writes the string {@code value} to the register at {@code key}. */
    public static HistoryOp write(String key, String value) {
        return new HistoryOp(OpFunction.WRITE, key, OpValue.of(value));
    }

    /** Adds {@code amount} to the counter at {@code key}. */
    public static HistoryOp add(String key, long amount) {
        return new HistoryOp(OpFunction.ADD, key, OpValue.of(amount));
    }
}
