package io.catena.chainserver;

import io.catena.core.id.TxnId;
import java.util.ArrayList;
import java.util.List;

/** The footprints one epoch laid on one chain key, and the order in which they precommitted. */
final class EpochSlot {

    final long epoch;
    final List<FootprintEntry> entries = new ArrayList<>(2);
    final List<TxnId> precommitOrder = new ArrayList<>(2);
    boolean contended;
    boolean reported;

    EpochSlot(long epoch) {
        this.epoch = epoch;
    }

    boolean allPrecommitted() {
        for (FootprintEntry e : entries) {
            if (!e.precommitted()) {
                return false;
            }
        }
        return true;
    }

    boolean allFinalized() {
        for (FootprintEntry e : entries) {
            if (!e.finalized()) {
                return false;
            }
        }
        return true;
    }
}
