package io.catena.core.rlog;

import io.catena.core.data.ChainKey;
import io.catena.core.id.TxnId;
import java.util.List;

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
}
