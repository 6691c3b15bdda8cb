package io.catena.wire.codec;

import static io.catena.wire.codec.FieldNames.ABANDONS;
import static io.catena.wire.codec.FieldNames.APPLIED_THROUGH;
import static io.catena.wire.codec.FieldNames.CANCELS;
import static io.catena.wire.codec.FieldNames.EPOCH;
import static io.catena.wire.codec.FieldNames.ID;
import static io.catena.wire.codec.FieldNames.KEY;
import static io.catena.wire.codec.FieldNames.OFFSET_MICROS;
import static io.catena.wire.codec.FieldNames.ORDER;
import static io.catena.wire.codec.FieldNames.ORIGIN;
import static io.catena.wire.codec.FieldNames.RECEIPTS;
import static io.catena.wire.codec.FieldNames.REQUEST;
import static io.catena.wire.codec.FieldNames.SPEC;
import static io.catena.wire.codec.FieldNames.TXNS;
import static io.catena.wire.codec.FieldNames.VOTES;

import io.catena.core.data.ChainKey;
import io.catena.core.data.Version;
import io.catena.core.id.RegionId;
import io.catena.core.id.RequestId;
import io.catena.core.id.TxnId;
import io.catena.core.rlog.BatchRef;
import io.catena.core.rlog.EpochVector;
import io.catena.core.rlog.KeyOrderVote;
import io.catena.core.rlog.RLogRecord;
import io.catena.core.rlog.Timetable;
import io.catena.core.rlog.TxnEntry;
import io.catena.core.txn.TxnSpec;
import java.io.IOException;
import java.util.List;

/**
 * The replicated log, the bulk of every epoch message:
 * <pre>
 * RLogRecord   = {"origin": RegionId, "epoch": long, "txns": [TxnEntry, ...], "receipts": EpochVector,
 *                 "abandons": [BatchRef, ...], "votes": [KeyOrderVote, ...], "appliedThrough": Version,
 *                 "cancels"?: [RequestId, ...]}
 * TxnEntry     = {"id": TxnId, "request": RequestId, "offsetMicros": int, "spec": TxnSpec}
 * KeyOrderVote = {"epoch": long, "key": ChainKey, "order": [TxnId, ...]}
 * EpochVector  = [long, ...]                      (one epoch per region)
 * Timetable    = [EpochVector, ...]               (one row per region)
 * </pre>
 * {@code "cancels"} (outcome lookups' cancellations) came later than the rest: it is written only
 * when there are some, so a record without them is encoded as before it existed.
 */
public final class RLogSchema {

    private RLogSchema() {
    }

    public static void writeRecord(WireWriter w, RLogRecord record) throws IOException {
        w.beginObject();
        w.field(ORIGIN);
        IdSchema.writeRegion(w, record.origin());
        w.field(EPOCH);
        w.longValue(record.epoch());
        w.field(TXNS);
        w.list(record.txns(), RLogSchema::writeEntry);
        w.field(RECEIPTS);
        writeEpochVector(w, record.receipts());
        w.field(ABANDONS);
        w.list(record.abandons(), IdSchema::writeBatch);
        w.field(VOTES);
        w.list(record.votes(), RLogSchema::writeVote);
        w.field(APPLIED_THROUGH);
        IdSchema.writeVersion(w, record.appliedThrough());
        if (!record.cancels().isEmpty()) {
            w.field(CANCELS);
            w.list(record.cancels(), IdSchema::writeRequest);
        }
        w.endObject();
    }

    public static RLogRecord readRecord(WireReader r) throws IOException {
        r.beginObject("RLogRecord");
        r.field(ORIGIN, "RLogRecord.origin");
        RegionId origin = IdSchema.readRegion(r);
        r.field(EPOCH, "RLogRecord.epoch");
        long epoch = r.longValue("RLogRecord.epoch");
        r.field(TXNS, "RLogRecord.txns");
        List<TxnEntry> txns = r.list("RLogRecord.txns", RLogSchema::readEntry);
        r.field(RECEIPTS, "RLogRecord.receipts");
        EpochVector receipts = readEpochVector(r);
        r.field(ABANDONS, "RLogRecord.abandons");
        List<BatchRef> abandons = r.list("RLogRecord.abandons", IdSchema::readBatch);
        r.field(VOTES, "RLogRecord.votes");
        List<KeyOrderVote> votes = r.list("RLogRecord.votes", RLogSchema::readVote);
        r.field(APPLIED_THROUGH, "RLogRecord.appliedThrough");
        Version appliedThrough = IdSchema.readVersion(r);
        List<RequestId> cancels = r.optionalLastField(CANCELS, "RLogRecord", "RLogRecord.cancels",
                x -> x.list("RLogRecord.cancels", IdSchema::readRequest), List.of());
        return new RLogRecord(origin, epoch, txns, receipts, abandons, votes, appliedThrough, cancels);
    }

    public static void writeEntry(WireWriter w, TxnEntry entry) throws IOException {
        w.beginObject();
        w.field(ID);
        IdSchema.writeTxn(w, entry.id());
        w.field(REQUEST);
        IdSchema.writeRequest(w, entry.request());
        w.field(OFFSET_MICROS);
        w.intValue(entry.offsetMicros());
        w.field(SPEC);
        TxnSchema.writeSpec(w, entry.spec());
        w.endObject();
    }

    public static TxnEntry readEntry(WireReader r) throws IOException {
        r.beginObject("TxnEntry");
        r.field(ID, "TxnEntry.id");
        TxnId id = IdSchema.readTxn(r);
        r.field(REQUEST, "TxnEntry.request");
        RequestId request = IdSchema.readRequest(r);
        r.field(OFFSET_MICROS, "TxnEntry.offsetMicros");
        int offsetMicros = r.intValue("TxnEntry.offsetMicros");
        r.field(SPEC, "TxnEntry.spec");
        TxnSpec spec = TxnSchema.readSpec(r);
        r.endObject("TxnEntry");
        return new TxnEntry(id, request, offsetMicros, spec);
    }

    public static void writeVote(WireWriter w, KeyOrderVote vote) throws IOException {
        w.beginObject();
        w.field(EPOCH);
        w.longValue(vote.epoch());
        w.field(KEY);
        DataSchema.writeChainKey(w, vote.key());
        w.field(ORDER);
        w.list(vote.order(), IdSchema::writeTxn);
        w.endObject();
    }

    public static KeyOrderVote readVote(WireReader r) throws IOException {
        r.beginObject("KeyOrderVote");
        r.field(EPOCH, "KeyOrderVote.epoch");
        long epoch = r.longValue("KeyOrderVote.epoch");
        r.field(KEY, "KeyOrderVote.key");
        ChainKey key = DataSchema.readChainKey(r);
        r.field(ORDER, "KeyOrderVote.order");
        List<TxnId> order = r.list("KeyOrderVote.order", IdSchema::readTxn);
        r.endObject("KeyOrderVote");
        return new KeyOrderVote(epoch, key, order);
    }

    public static void writeEpochVector(WireWriter w, EpochVector vector) throws IOException {
        w.beginTuple();
        for (int i = 0, n = vector.size(); i < n; i++) {
            w.longValue(vector.get(i));
        }
        w.endTuple();
    }

    public static EpochVector readEpochVector(WireReader r) throws IOException {
        List<Long> epochs = r.list("EpochVector", reader -> reader.longValue("EpochVector element"));
        long[] values = new long[epochs.size()];
        for (int i = 0; i < values.length; i++) {
            values[i] = epochs.get(i);
        }
        return EpochVector.of(values);
    }

    public static void writeTimetable(WireWriter w, Timetable timetable) throws IOException {
        w.beginTuple();
        for (int i = 0, n = timetable.size(); i < n; i++) {
            writeEpochVector(w, WireWriter.required(timetable.row(IdSchema.region(i)), "Timetable row"));
        }
        w.endTuple();
    }

    public static Timetable readTimetable(WireReader r) throws IOException {
        List<EpochVector> rows = r.list("Timetable", RLogSchema::readEpochVector);
        return Timetable.of(rows.toArray(new EpochVector[0]));
    }
}
