package io.catena.catenae.message;

import io.catena.core.data.Version;
import io.catena.core.id.TxnId;

/** The decided version of a transaction that shares a chain key with the one being committed. */
public record PeerVersion(TxnId txn, Version version) {
}
