package io.catena.catenae.message;

import io.catena.core.data.ChainKey;
import io.catena.core.id.TxnId;
import io.catena.core.txn.Access;

/**
 * A transaction's mark on a chain key, laid before its backward pass. {@code contended} says
 * that another transaction of the same epoch conflicts on this key, so the order here is voted.
 */
public record Footprint(TxnId txn, ChainKey key, Access access, boolean contended) {
}
