package io.catena.coordinator.schedule;

import io.catena.core.rlog.RLogRecord;
import io.catena.core.rlog.TxnEntry;
import io.catena.core.txn.TxnPlanner;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns the decided records of an epoch into the epoch's transactions: the included records'
 * batches in region order, each planned (invalid ones rejected), retries recognised, then
 * classified; each included record's cancellations count after its transactions; the abandoned records' transactions are listed as dropped. A pure function of the records and of earlier epochs' requests, like everything
 * that decides outcomes.
 */
public final class EpochAssembler {

    private final TxnPlanner planner;
    private final RequestIndex requests;

    public EpochAssembler(TxnPlanner planner, RequestIndex requests) {
        this.planner = planner;
        this.requests = requests;
    }

    public ScheduledEpoch assemble(long epoch, List<RLogRecord> included, List<RLogRecord> abandoned) {
        List<ScheduledTxn> valid = new ArrayList<>();
        Map<TxnEntry, String> rejected = new LinkedHashMap<>();
        List<TxnEntry> duplicates = new ArrayList<>();
        for (RLogRecord r : included) {
            for (TxnEntry t : r.txns()) {
                if (!requests.register(t.request(), t.id())) {
                    duplicates.add(t);
                    continue;
                }
                TxnPlanner.Planned planned = planner.plan(t.spec());
                if (!planned.valid()) {
                    rejected.put(t, planned.rejection());
                    continue;
                }
                valid.add(new ScheduledTxn(t.id(), t.request(), t.offsetMicros(), t.spec(), planned.plan()));
            }
            r.cancels().forEach(c -> requests.cancel(c, epoch));
        }
        List<TxnEntry> dropped = new ArrayList<>();
        for (RLogRecord r : abandoned) {
            dropped.addAll(r.txns());
        }
        return new ScheduledEpoch(ConflictClassifier.classify(epoch, valid), rejected, duplicates, dropped);
    }
}
