package io.catena.core.rlog;

import io.catena.core.data.ChainKey;
import io.catena.core.id.TxnId;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * A region's vote on one conflict key of one execution epoch: the order in which its chain
 * server let that epoch's transactions precommit on the key, with runs of adjacent readers in
 * canonical (id) order because their relative order does not matter.
 */
public record KeyOrderVote(long epoch, ChainKey key, List<TxnId> order) {

    public KeyOrderVote {
        order = List.copyOf(order);
        if (key == null) {
            throw new IllegalArgumentException("a vote names its chain key");
        }
    }

    /**
     * The canonical form of an order on one key: every maximal run of transactions that do not
     * write the key is sorted by id, writers stay in place. Readers between the same two writers
     * do not order each other, so regions that differ only there cast the same vote.
     */
    public static List<TxnId> canonical(List<TxnId> order, Predicate<TxnId> writes) {
        List<TxnId> out = new ArrayList<>(order.size());
        List<TxnId> run = new ArrayList<>();
        for (TxnId t : order) {
            if (writes.test(t)) {
                run.sort(null);
                out.addAll(run);
                run.clear();
                out.add(t);
            } else {
                run.add(t);
            }
        }
        run.sort(null);
        out.addAll(run);
        return out;
    }
}
