package io.catena.catenae.message;

import io.catena.core.data.ReadResult;
import io.catena.core.data.Row;
import io.catena.core.data.Version;
import io.catena.core.id.TxnId;
import io.catena.core.txn.TxnSpec;
import java.util.List;

/**
 * The decided execution of a transaction at its version, arriving at hop {@code hop}: each hop
 * reuses its speculative result when its inputs match the decided ones and re-executes (catches
 * up) otherwise. Carries the results gathered so far and the decided versions of the same-epoch
 * transactions it shares chain keys with, so a chain server can order them whatever arrives first.
 */
public record CommitPass(TxnId txn, Version version, TxnSpec spec, int hop, Row carry,
                         List<ReadResult> reads, Row outputs, List<PeerVersion> peers) implements CatenaMessage {
    public CommitPass {
        reads = List.copyOf(reads);
        peers = List.copyOf(peers);
    }

    @Override
    public CatenaMessageType type() {
        return CatenaMessageType.COMMIT_PASS;
    }
}
