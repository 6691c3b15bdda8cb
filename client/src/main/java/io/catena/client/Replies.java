package io.catena.client;

import io.catena.core.data.ChainKey;
import io.catena.core.data.SnapshotRows;
import io.catena.core.message.TxnReply;
import io.catena.core.txn.TxnResult;
import java.util.List;

/**
 * What a coordinator's reply means to the caller: a result, or the exception that says why there
 * is none and whether trying again can help.
 */
final class Replies {

    private Replies() {
    }

    /**
     * COMMITTED is an outcome; ABORTED, REJECTED and DROPPED are thrown as
     * {@link TransactionAbortedException}, {@link InvalidTransactionException} and
     * {@link UnavailableException}.
     */
    static TxnOutcome toOutcome(TxnReply reply) {
        TxnResult r = reply.result();
        return switch (r.outcome()) {
            case COMMITTED -> new TxnOutcome(reply.request(), reply.version(), reply.contended(),
                    new ReadRows(r.reads()), new ResultRow("the outputs of " + reply.request(), r.outputs()));
            case ABORTED -> throw new TransactionAbortedException(reply.request(), r.reason());
            case REJECTED -> throw InvalidTransactionException.rejected(reply.request(), r.reason());
            case DROPPED -> throw dropped(reply);
        };
    }

    /**
     * A snapshot read of {@code keyCount} rows and {@code partitions} either reads (COMMITTED) or
     * is rejected; a comparison baseline may also abort it for a conflict; anything else did not
     * read and may be retried.
     */
    static SnapshotResult toSnapshot(TxnReply reply, int keyCount, List<ChainKey> partitions) {
        TxnResult r = reply.result();
        return switch (r.outcome()) {
            case COMMITTED -> new SnapshotResult(reply.version(), rows(reply, keyCount, partitions));
            case REJECTED -> throw InvalidTransactionException.rejected(reply.request(), r.reason());
            case ABORTED -> throw TxnResult.isConflict(r.reason())
                    ? new TransactionAbortedException(reply.request(), r.reason()) : dropped(reply);
            case DROPPED -> throw dropped(reply);
        };
    }

    /**
     * The answer laid out as asked (see {@link SnapshotRows}); one that is not was not read as
     * asked, and reading again is always safe.
     */
    private static SnapshotRows rows(TxnReply reply, int keyCount, List<ChainKey> partitions) {
        try {
            return SnapshotRows.split(reply.result().reads(), keyCount, partitions);
        } catch (IllegalArgumentException e) {
            throw new UnavailableException("The answer to request " + reply.request() + " does not match the read ("
                    + e.getMessage() + "); it is safe to retry.", e);
        }
    }

    private static UnavailableException dropped(TxnReply reply) {
        return new UnavailableException("Request " + reply.request() + " ended " + reply.result().outcome()
                + " without running (" + reply.result().reason() + "); it is safe to retry.", null);
    }
}
