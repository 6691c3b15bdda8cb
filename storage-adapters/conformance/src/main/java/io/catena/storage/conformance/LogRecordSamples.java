package io.catena.storage.conformance;

import io.catena.core.data.ChainKey;
import io.catena.core.data.Datum;
import io.catena.core.data.Row;
import io.catena.core.data.RowDigest;
import io.catena.core.data.RowKey;
import io.catena.core.data.Version;
import io.catena.core.id.RegionId;
import io.catena.core.id.RequestId;
import io.catena.core.id.TxnId;
import io.catena.core.rlog.BatchRef;
import io.catena.core.rlog.EpochVector;
import io.catena.core.rlog.KeyOrderVote;
import io.catena.core.rlog.RLogRecord;
import io.catena.core.rlog.TxnEntry;
import io.catena.core.txn.Condition;
import io.catena.core.txn.Op;
import io.catena.core.txn.TxnSpec;
import io.catena.core.txn.UpdateFn;
import java.util.List;
import java.util.Map;

/**
 * Replicated-log records for the conformance tests, public so that adapters can reuse them in
 * their own tests. Each one uses every kind of operation, update function, condition and datum,
 * so that an adapter which stores records in its own encoding must round-trip all of them to
 * pass. Stateless.
 */
public final class LogRecordSamples {

    private LogRecordSamples() {
    }

    /**
     * A record of {@code origin} for {@code epoch}; records with the same origin and epoch but a
     * different {@code variant} differ in every field that may differ.
     */
    public static RLogRecord record(int origin, long epoch, int variant) {
        RegionId region = RegionId.of(origin);
        RowKey alice = RowKey.of("accounts", "alice");
        RowKey bob = RowKey.of("accounts", "bob", "savings");
        TxnSpec adHoc = new TxnSpec.AdHoc(List.of(
                new Op.Read(alice),
                new Op.Write(bob, Row.of(Map.of("balance", Datum.of(10L + variant), "owner", Datum.of("bob")))),
                new Op.Update(alice, new UpdateFn.Add("balance", -5 - variant)),
                new Op.Update(bob, new UpdateFn.SetField("note", Datum.of("moved " + variant))),
                new Op.Update(alice, new UpdateFn.Append("history", Datum.of(variant))),
                new Op.Insert(RowKey.of("audit", "e" + epoch),
                        Row.of("seq", Datum.of(List.of(Datum.of(1), Datum.of("x"))))),
                new Op.Delete(RowKey.of("audit", "old")),
                new Op.Check(alice, new Condition.Exists()),
                new Op.Check(bob, new Condition.Absent()),
                new Op.Check(alice, new Condition.Compare("balance", Condition.Comparison.GE, Datum.of(0))),
                new Op.Check(alice, new Condition.Unchanged(new RowDigest(epoch, -variant))),
                new Op.CheckPartition(bob.chainKey(), new RowDigest(-epoch, variant))));
        TxnSpec call = new TxnSpec.ProcedureCall("transfer", 2 + variant,
                Row.of(Map.of("from", Datum.of("alice"), "to", Datum.of("bob"),
                        "amount", Datum.of(5L * (variant + 1)))));
        TxnId first = new TxnId(epoch, region, 0);
        TxnId second = new TxnId(epoch, region, 1);
        List<TxnEntry> txns = List.of(
                new TxnEntry(first, new RequestId(40 + origin, 7L * epoch + variant), 120 + variant, adHoc),
                new TxnEntry(second, new RequestId(50 + origin, 9L * epoch + variant), 4_000, call));
        EpochVector receipts = EpochVector.of(epoch, Math.max(0, epoch - 1), variant);
        List<BatchRef> abandons = variant == 0 ? List.of() : List.of(new BatchRef(RegionId.of(2), epoch - 1));
        List<KeyOrderVote> votes = List.of(new KeyOrderVote(Math.max(0, epoch - 2), ChainKey.of("accounts", "alice"),
                variant == 0 ? List.of(first, second) : List.of(second, first)));
        return new RLogRecord(region, epoch, txns, receipts, abandons, votes,
                Version.of(Math.max(0, epoch - 2), variant));
    }

    /** A record with nothing in it but its identity: the smallest record an adapter must store. */
    public static RLogRecord emptyRecord(int origin, long epoch) {
        return new RLogRecord(RegionId.of(origin), epoch, List.of(), EpochVector.zeros(3), List.of(), List.of(),
                Version.ZERO);
    }
}
