package io.catena.harness.workload;

import io.catena.core.data.RowKey;
import io.catena.harness.check.OpFunction;
import io.catena.harness.check.OpValue;

/**
 * One operation as the history records it: what the client did to which row and column. Reads
 * get their value from the transaction's result; the others know it up front.
 */
public record Step(OpFunction function, RowKey key, String column, OpValue value) {

    public static Step read(RowKey key, String column) {
        return new Step(OpFunction.READ, key, column, OpValue.NIL);
    }

    public static Step append(RowKey key, String column, long value) {
        return new Step(OpFunction.APPEND, key, column, OpValue.of(value));
    }

    public static Step write(RowKey key, String column, String value) {
        return new Step(OpFunction.WRITE, key, column, OpValue.of(value));
    }

    public static Step add(RowKey key, String column, long amount) {
        return new Step(OpFunction.ADD, key, column, OpValue.of(amount));
    }
}
