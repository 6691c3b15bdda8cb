package io.catena.helios.message;

import io.catena.core.id.TxnId;
import io.catena.kit.KeyCommit;
import java.util.List;

/**
 * What a Helios region appends to the replicated log about its own transactions (the
 * dissertation's §4.3.2): that one is preparing, with what it would write, and then that it
 * finished, committed or aborted. A region's records reach every other region in timestamp order,
 * so a transaction's finished record always follows its preparing one.
 */
public sealed interface HeliosRecord {

    TxnId txn();

    /**
     * A transaction asks to commit: peers hold it as preparing (their EPTPool) until it finishes,
     * abort their own preparing transactions that read or write what it writes, and refuse new
     * ones that do.
     *
     * @param keys every key the transaction touched, with the version it read or overwrote and
     *             its writes (none for a key only read): what a peer applies if it commits
     */
    record Preparing(TxnId txn, List<KeyCommit> keys) implements HeliosRecord {

        public Preparing {
            keys = List.copyOf(keys);
            if (txn == null || keys.isEmpty()) {
                throw new IllegalArgumentException("a preparing record names its transaction and keys");
            }
        }
    }

    /**
     * A transaction of the record's origin finished. A committed one is applied at the version of
     * its preparing record's timestamp with the origin's index: that order is Helios' serial order.
     */
    record Finished(TxnId txn, boolean committed) implements HeliosRecord {

        public Finished {
            if (txn == null) {
                throw new IllegalArgumentException("a finished record names its transaction");
            }
        }
    }
}
