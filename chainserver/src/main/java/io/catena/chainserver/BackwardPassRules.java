package io.catena.chainserver;

import io.catena.core.id.TxnId;
import java.util.ArrayList;
import java.util.List;

/**
 * Rules 1 and 2 of the backward pass on one chain key (Catenae §VI-C), as pure questions about the
 * key's footprints. Transactions precommit on a key in the order they get there, and that order is
 * the region's speculation of the serialization order.
 *
 * <p><b>Rule 1</b>: a transaction is ordered after everything already precommitted on the key, and
 * everything of an earlier epoch precedes it. Before it precommits ahead of conflicting transactions
 * of its epoch that have footprints here but have not precommitted (it <em>overtakes</em> them), it
 * asks the resolver, which refuses if one of them is already ordered before it elsewhere.
 * <b>Rule 2</b>: it then precommits only once everything the resolver ordered before it on this
 * key has.
 */
final class BackwardPassRules {

    private BackwardPassRules() {
    }

    /** Rule 1 across epochs: every footprint of an earlier epoch on the key has precommitted. */
    static boolean earlierEpochsPrecommitted(KeyState ks, FootprintEntry fp) {
        for (int i = 0, n = ks.epochs.countBefore(fp.epoch()); i < n; i++) {
            for (FootprintEntry e : ks.epochs.at(i).entries) {
                if (!e.precommitted()) {
                    return false;
                }
            }
        }
        return true;
    }

    /**
     * Rule 1 within the epoch: the conflicting transactions of its epoch that have not precommitted
     * here, which it would overtake by precommitting now; the resolver must clear it first.
     */
    static List<TxnId> overtaken(KeyState ks, FootprintEntry fp) {
        List<TxnId> out = List.of();
        for (FootprintEntry e : ks.epochs.get(fp.epoch()).entries) {
            if (e != fp && !e.precommitted() && fp.access.conflictsWith(e.access)) {
                if (out.isEmpty()) {
                    out = new ArrayList<>();
                }
                out.add(e.txn);
            }
        }
        return out;
    }

    /** Rule 2: every transaction the resolver ordered before it on this key has precommitted. */
    static boolean waitedForPrecommitted(KeyState ks, FootprintEntry fp) {
        for (TxnId t : fp.waitFor) {
            FootprintEntry w = ks.footprint(t);
            if (w != null && !w.precommitted()) {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether a conflicting transaction whose footprint came earlier in the epoch's arrival order
     * has not precommitted: the one it would overtake against the arrival order.
     */
    static boolean overtakesAnEarlierArrival(KeyState ks, FootprintEntry fp) {
        for (FootprintEntry e : ks.epochs.get(fp.epoch()).entries) {
            if (e.canonical < fp.canonical && !e.precommitted() && fp.access.conflictsWith(e.access)) {
                return true;
            }
        }
        return false;
    }
}
