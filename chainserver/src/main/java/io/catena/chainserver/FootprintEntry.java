package io.catena.chainserver;

import io.catena.core.data.RowWrite;
import io.catena.core.id.TxnId;
import io.catena.core.txn.Access;
import java.util.List;

/** One transaction's state on one chain key of this server. */
final class FootprintEntry {

    final TxnId txn;
    /** The transaction it belongs to: one per transaction on this server, shared by its footprints. */
    final ChainTxn owner;
    final Access access;
    /** Another transaction of the same epoch conflicts on this key: the order here is voted. */
    final boolean contended;
    FootprintState state = FootprintState.FOOTPRINT;
    /** The resolver let it precommit ahead of the footprints it overtakes. */
    boolean cleared;
    /** Its question to the resolver is outstanding. */
    boolean querying;
    /** Its position in its epoch's arrival order on this key. */
    int canonical;
    /** When its backward pass reached this key (-1: not yet). */
    long arrivedMicros = -1;
    /** Transactions the resolver says precede it here; it waits until they precommit. */
    List<TxnId> waitFor = List.of();
    /** Decided writes, held between the decided execution of this hop and the finalization. */
    List<RowWrite> heldWrites = List.of();
    /**
     * The held writes are final: no later hop of the transaction can abort it, so later
     * transactions may read them before they are applied.
     */
    boolean released;

    FootprintEntry(ChainTxn owner, Access access, boolean contended) {
        this.owner = owner;
        this.txn = owner.id;
        this.access = access;
        this.contended = contended;
    }

    long epoch() {
        return txn.epoch();
    }

    boolean precommitted() {
        return state.atLeast(FootprintState.PRECOMMITTED);
    }

    boolean finalized() {
        return state == FootprintState.FINALIZED;
    }

    @Override
    public String toString() {
        return txn + ":" + access + ":" + state;
    }
}
