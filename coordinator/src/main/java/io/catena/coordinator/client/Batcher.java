package io.catena.coordinator.client;

import io.catena.coordinator.CoordinatorContext;
import io.catena.core.id.RequestId;
import io.catena.core.id.TxnId;
import io.catena.core.rlog.TxnEntry;
import io.catena.core.txn.TxnSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/**
 * Batches the transactions this region receives by epoch (Catenae §V-C), each stamped with when
 * in its epoch it arrived. A batch is taken once, when its epoch closes.
 */
public final class Batcher {

    private final CoordinatorContext ctx;
    private final TreeMap<Long, List<TxnEntry>> open = new TreeMap<>();
    private long firstOpenEpoch;

    public Batcher(CoordinatorContext ctx, long firstOpenEpoch) {
        this.ctx = ctx;
        this.firstOpenEpoch = firstOpenEpoch;
    }

    /** Adds a transaction to the batch of the epoch {@code nowMicros} falls in (never a closed one). */
    public TxnId add(long nowMicros, RequestId request, TxnSpec spec) {
        long epoch = Math.max(ctx.epochAt(nowMicros), firstOpenEpoch);
        List<TxnEntry> batch = open.computeIfAbsent(epoch, e -> new ArrayList<>());
        TxnId id = new TxnId(epoch, ctx.region, batch.size());
        int offset = (int) Math.max(0, Math.min(ctx.epochLengthMicros() - 1, nowMicros - ctx.epochStartMicros(epoch)));
        batch.add(new TxnEntry(id, request, offset, spec));
        return id;
    }

    /** Closes an epoch and returns its batch, oldest arrival first. */
    public List<TxnEntry> close(long epoch) {
        firstOpenEpoch = Math.max(firstOpenEpoch, epoch + 1);
        List<TxnEntry> batch = open.remove(epoch);
        return batch == null ? List.of() : batch;
    }
}
