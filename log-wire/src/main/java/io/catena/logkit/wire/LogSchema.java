package io.catena.logkit.wire;

import static io.catena.wire.codec.FieldNames.KEYS;
import static io.catena.wire.codec.FieldNames.KIND;
import static io.catena.wire.codec.FieldNames.ORIGIN;
import static io.catena.wire.codec.FieldNames.RECORDS;
import static io.catena.wire.codec.FieldNames.SENDER;
import static io.catena.wire.codec.FieldNames.TIMETABLE;

import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.SerializedString;
import io.catena.core.id.TxnId;
import io.catena.core.message.MessageKind;
import io.catena.core.message.PluginMessage;
import io.catena.logkit.message.LogMessageType;
import io.catena.logkit.message.TxnRecord;
import io.catena.logkit.message.TxnRecord.Finished;
import io.catena.logkit.message.TxnRecord.Pending;
import io.catena.logkit.message.LogShipment;
import io.catena.kit.KeyCommit;
import io.catena.rlog.LogRecord;
import io.catena.rlog.Shipment;
import io.catena.rlog.TimetableSnapshot;
import io.catena.wire.codec.DataSchema;
import io.catena.wire.codec.IdSchema;
import io.catena.wire.codec.PluginSchema;
import io.catena.wire.codec.WireReader;
import io.catena.wire.codec.WireWriter;
import java.io.IOException;
import java.util.List;

/**
 * The log protocols (Helios, Message Futures): every shipping interval each region ships every peer
 * the replicated log's records it believes the peer lacks, with its timetable (PROTOCOL.md,
 * "Helios"):
 * <pre>
 * LogShipment    = {"sender": int, "records": [LogRecord, ...], "timetable": [[long, ...], ...]}
 * LogRecord      = {"kind": 0, "origin": int, "timestamp": long, "txn": TxnId, "keys": [KeyCommit, ...]}  Pending
 *                | {"kind": 1, "origin": int, "timestamp": long, "txn": TxnId, "committed": boolean}     Finished
 * KeyCommit      = {"key": ChainKey, "observed": Version, "writes": [RowWrite, ...]}   (wire's DataSchema)
 * </pre>
 * {@code sender} and {@code origin} are region indexes; the timetable has one row per region, and
 * its entry {@code [b][c]} is the newest timestamp of region {@code c}'s records that the sender
 * knows region {@code b} has (0: none). A log record is its origin's stamp and its payload, a
 * sealed type, in one object whose first field is the payload's kind.
 *
 * <p>What a receiver relies on is checked by the values' own constructors as the body is read,
 * and refused as a malformed frame in their one sentence: a table that is empty, not square or
 * holds a negative timestamp ({@link TimetableSnapshot#of}); a sender or origin that is not a
 * region of the table, a timestamp that is not positive, records out of order or beyond what the
 * sender's row says it knows, a table that breaks its invariants ({@link Shipment},
 * {@link LogRecord}); a pending record with no keys ({@link Pending}). Whether the table has
 * as many regions as the cluster, and whether the shipment is the link's own region's, is the
 * peer rule's business (ShipmentRule in {@code log-kit}).
 *
 * <p>Stateless; any thread.
 */
public final class LogSchema implements PluginSchema {

    // Names core's schema has no use for, spelled here so that wire names no protocol.
    private static final SerializableString COMMITTED = new SerializedString("committed");
    private static final SerializableString TIMESTAMP = new SerializedString("timestamp");

    private static final int PENDING = 0;
    private static final int FINISHED = 1;

    @Override
    public List<LogMessageType> kinds() {
        return List.of(LogMessageType.values());
    }

    @Override
    public void write(WireWriter w, PluginMessage m) throws IOException {
        switch ((LogMessageType) m.type()) {
            case SHIPMENT -> writeShipment(w, ((LogShipment) m).shipment());
        }
    }

    @Override
    public PluginMessage read(WireReader r, MessageKind kind) throws IOException {
        return switch ((LogMessageType) kind) {
            case SHIPMENT -> new LogShipment(readShipment(r));
        };
    }

    static void writeShipment(WireWriter w, Shipment<TxnRecord> s) throws IOException {
        w.beginObject();
        w.field(SENDER);
        w.intValue(s.sender());
        w.field(RECORDS);
        w.list(s.records(), LogSchema::writeRecord);
        w.field(TIMETABLE);
        writeTimetable(w, s.timetable());
        w.endObject();
    }

    static Shipment<TxnRecord> readShipment(WireReader r) throws IOException {
        r.beginObject("LogShipment");
        r.field(SENDER, "LogShipment.sender");
        int sender = r.intValue("LogShipment.sender");
        r.field(RECORDS, "LogShipment.records");
        List<LogRecord<TxnRecord>> records = r.list("LogShipment.records", LogSchema::readRecord);
        r.field(TIMETABLE, "LogShipment.timetable");
        TimetableSnapshot timetable = readTimetable(r);
        r.endObject("LogShipment");
        return new Shipment<>(sender, records, timetable);
    }

    static void writeRecord(WireWriter w, LogRecord<TxnRecord> record) throws IOException {
        TxnRecord payload = record.payload();
        w.beginObject();
        w.field(KIND);
        w.intValue(payload instanceof Pending ? PENDING : FINISHED);
        w.field(ORIGIN);
        w.intValue(record.origin());
        w.field(TIMESTAMP);
        w.longValue(record.timestamp());
        IdSchema.writeTxnField(w, payload.txn(), "LogRecord.txn");
        if (payload instanceof Pending p) {
            w.field(KEYS);
            w.list(p.keys(), LogSchema::writeKeyCommit);
        } else {
            w.field(COMMITTED);
            w.bool(((Finished) payload).committed());
        }
        w.endObject();
    }

    static LogRecord<TxnRecord> readRecord(WireReader r) throws IOException {
        r.beginObject("LogRecord");
        r.field(KIND, "LogRecord.kind");
        int kind = r.intValue("LogRecord.kind");
        if (kind != PENDING && kind != FINISHED) {
            throw r.violation("LogRecord kind " + kind + " is unknown");
        }
        r.field(ORIGIN, "LogRecord.origin");
        int origin = r.intValue("LogRecord.origin");
        r.field(TIMESTAMP, "LogRecord.timestamp");
        long timestamp = r.longValue("LogRecord.timestamp");
        TxnId txn = IdSchema.readTxnField(r, "LogRecord.txn");
        TxnRecord payload;
        if (kind == PENDING) {
            r.field(KEYS, "Pending.keys");
            payload = new Pending(txn, r.list("Pending.keys", LogSchema::readKeyCommit));
        } else {
            r.field(COMMITTED, "Finished.committed");
            payload = new Finished(txn, r.bool("Finished.committed"));
        }
        r.endObject("LogRecord");
        return new LogRecord<>(origin, timestamp, payload);
    }

    static void writeKeyCommit(WireWriter w, KeyCommit commit) throws IOException {
        DataSchema.writeKeyCommit(w, commit.key(), commit.observed(), commit.writes());
    }

    static KeyCommit readKeyCommit(WireReader r) throws IOException {
        return DataSchema.readKeyCommit(r, KeyCommit::new);
    }

    /** The table row by row, each a tuple of one timestamp per region. */
    static void writeTimetable(WireWriter w, TimetableSnapshot table) throws IOException {
        int regions = table.regions();
        w.beginTuple();
        for (int b = 0; b < regions; b++) {
            w.beginTuple();
            for (int c = 0; c < regions; c++) {
                w.longValue(table.knows(b, c));
            }
            w.endTuple();
        }
        w.endTuple();
    }

    static TimetableSnapshot readTimetable(WireReader r) throws IOException {
        List<long[]> rows = r.list("LogShipment.timetable", LogSchema::readTimetableRow);
        return TimetableSnapshot.of(rows.toArray(new long[0][]));
    }

    private static long[] readTimetableRow(WireReader r) throws IOException {
        List<Long> entries = r.list("LogShipment.timetable row", x -> x.longValue("LogShipment.timetable entry"));
        long[] row = new long[entries.size()];
        for (int i = 0; i < row.length; i++) {
            row[i] = entries.get(i);
        }
        return row;
    }
}
