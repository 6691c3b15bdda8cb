package io.catena.chainserver;

import io.catena.core.data.RowWrite;
import io.catena.core.id.TxnId;
import java.util.List;

/** A temporary version: the speculative writes of one transaction on one key. */
record SpecWrite(TxnId txn, List<RowWrite> writes) {
}
