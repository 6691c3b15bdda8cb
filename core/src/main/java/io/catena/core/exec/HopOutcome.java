package io.catena.core.exec;

import io.catena.core.data.ReadResult;
import io.catena.core.data.Row;
import io.catena.core.data.RowWrite;
import java.util.List;

/**
 * What one hop did: the rows it wrote (final values, one entry per row), the values it carries
 * to later hops, the rows it reports and the outputs it adds, or why it aborted the transaction
 * (and then, in {@code reads}, what the aborting hop reported: the row a failed check compared, or
 * the rows a procedure reported before it aborted).
 * {@code accessedBytes} is the size of everything it read and wrote, for cost accounting.
 */
public record HopOutcome(List<RowWrite> writes, Row carryOut, List<ReadResult> reads, Row outputs,
                         String abortReason, int accessedBytes) {

    public HopOutcome {
        writes = List.copyOf(writes);
        reads = List.copyOf(reads);
    }

    public boolean aborted() {
        return abortReason != null;
    }

    public static HopOutcome abort(String reason, Row carryIn, int accessedBytes) {
        return abort(reason, carryIn, accessedBytes, List.of());
    }

    /** An abort that reports {@code guards}: the row a failed check compared, or what a procedure reported. */
    public static HopOutcome abort(String reason, Row carryIn, int accessedBytes, List<ReadResult> guards) {
        return new HopOutcome(List.of(), carryIn, guards, Row.EMPTY, reason, accessedBytes);
    }
}
