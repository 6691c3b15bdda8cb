package io.catena.coordinator.schedule;

import io.catena.core.id.RequestId;
import io.catena.core.id.TxnId;
import io.catena.core.txn.TxnPlan;
import io.catena.core.txn.TxnSpec;
import java.util.Comparator;

/**
 * A valid transaction of an execution epoch with its chain. The arrival order
 * ({@code offsetMicros}, then id) is the epoch's canonical order: speculation replays it and
 * every deterministic tie-break uses it.
 */
public record ScheduledTxn(TxnId id, RequestId request, int offsetMicros, TxnSpec spec, TxnPlan plan) {

    public static final Comparator<ScheduledTxn> ARRIVAL_ORDER = Comparator
            .comparingInt(ScheduledTxn::offsetMicros)
            .thenComparing(ScheduledTxn::id);
}
