package io.catena.logkit.message;

import io.catena.core.id.TxnId;
import io.catena.kit.KeyCommit;
import java.util.List;

/**
 * What a region appends to the replicated log about its own transactions: that one is pending,
 * with what it would write (Helios' preparing record, Message Futures' pending one), and then that
 * it finished, committed or aborted. A region's records reach every other region in timestamp
 * order, so a transaction's finished record always follows its pending one.
 */
public sealed interface TxnRecord {

    TxnId txn();

    /**
     * A transaction asks to commit: peers hold it as pending until it finishes, abort their own
     * pending transactions that read or write what it writes, and refuse new ones that do.
     *
     * @param keys every key the transaction touched, with the version it read or overwrote and
     *             its writes (none for a key only read): what a peer applies if it commits
     */
    record Pending(TxnId txn, List<KeyCommit> keys) implements TxnRecord {

        public Pending {
            keys = List.copyOf(keys);
            if (txn == null || keys.isEmpty()) {
                throw new IllegalArgumentException("a pending record names its transaction and keys");
            }
        }
    }

    /**
     * A transaction of the record's origin finished. A committed one is applied at the version its
     * protocol's commit rule gives it (Helios: its pending record's timestamp; Message Futures:
     * this record's), with the origin's index.
     */
    record Finished(TxnId txn, boolean committed) implements TxnRecord {

        public Finished {
            if (txn == null) {
                throw new IllegalArgumentException("a finished record names its transaction");
            }
        }
    }
}
