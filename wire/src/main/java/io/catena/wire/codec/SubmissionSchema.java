package io.catena.wire.codec;

import static io.catena.wire.codec.FieldNames.CONTENDED;
import static io.catena.wire.codec.FieldNames.ISSUED_MICROS;
import static io.catena.wire.codec.FieldNames.KEYS;
import static io.catena.wire.codec.FieldNames.MIN_VERSION;
import static io.catena.wire.codec.FieldNames.REQUEST;
import static io.catena.wire.codec.FieldNames.RESULT;
import static io.catena.wire.codec.FieldNames.SPEC;
import static io.catena.wire.codec.FieldNames.TARGET;
import static io.catena.wire.codec.FieldNames.VERSION;

import io.catena.core.data.ChainKey;
import io.catena.core.data.RowKey;
import io.catena.core.data.Version;
import io.catena.core.id.RequestId;
import io.catena.core.message.QueryOutcome;
import io.catena.core.message.SubmitReadOnly;
import io.catena.core.message.SubmitTxn;
import io.catena.core.message.TxnReply;
import io.catena.core.txn.TxnResult;
import io.catena.core.txn.TxnSpec;
import java.io.IOException;
import java.util.List;

/**
 * What a client submits and what it is told:
 * <pre>
 * SubmitTxn      = {"request": RequestId, "spec": TxnSpec, "issuedMicros": long}
 * SubmitReadOnly = {"request": RequestId, "keys": [RowKey, ...], "minVersion": Version, "partitions"?: [ChainKey, ...]}
 * TxnReply       = {"request": RequestId, "result": TxnResult, "version": Version | null, "contended": bool}
 * QueryOutcome   = {"request": RequestId, "target": RequestId}
 * </pre>
 * {@code "partitions"} (reads of whole partitions) came later than the rest: it is written only
 * when there are partitions ({@link DataSchema#writePartitions}). The rows read from partitions
 * travel in the answer's reads, after the rows read by key (see {@code SnapshotRows}).
 * {@code "issuedMicros"} came with version {@value io.catena.wire.Welcome#CLOCK_SINCE}, as the
 * coordinator's clock in the Welcome that clients translate it with.
 */
final class SubmissionSchema {

    private SubmissionSchema() {
    }

    static void writeSubmitTxn(WireWriter w, SubmitTxn m) throws IOException {
        w.beginObject();
        w.field(REQUEST);
        IdSchema.writeRequest(w, WireWriter.required(m.request(), "SubmitTxn.request"));
        w.field(SPEC);
        TxnSchema.writeSpec(w, WireWriter.required(m.spec(), "SubmitTxn.spec"));
        w.field(ISSUED_MICROS);
        w.longValue(m.issuedMicros());
        w.endObject();
    }

    static SubmitTxn readSubmitTxn(WireReader r) throws IOException {
        r.beginObject("SubmitTxn");
        r.field(REQUEST, "SubmitTxn.request");
        RequestId request = IdSchema.readRequest(r);
        r.field(SPEC, "SubmitTxn.spec");
        TxnSpec spec = TxnSchema.readSpec(r);
        r.field(ISSUED_MICROS, "SubmitTxn.issuedMicros");
        long issued = r.longValue("SubmitTxn.issuedMicros");
        r.endObject("SubmitTxn");
        return new SubmitTxn(request, spec, issued);
    }

    static void writeSubmitReadOnly(WireWriter w, SubmitReadOnly m) throws IOException {
        w.beginObject();
        w.field(REQUEST);
        IdSchema.writeRequest(w, WireWriter.required(m.request(), "SubmitReadOnly.request"));
        w.field(KEYS);
        w.list(m.keys(), DataSchema::writeRowKey);
        w.field(MIN_VERSION);
        IdSchema.writeVersion(w, m.minVersion());
        DataSchema.writePartitions(w, m.partitions());
        w.endObject();
    }

    static SubmitReadOnly readSubmitReadOnly(WireReader r) throws IOException {
        r.beginObject("SubmitReadOnly");
        r.field(REQUEST, "SubmitReadOnly.request");
        RequestId request = IdSchema.readRequest(r);
        r.field(KEYS, "SubmitReadOnly.keys");
        List<RowKey> keys = r.list("SubmitReadOnly.keys", DataSchema::readRowKey);
        r.field(MIN_VERSION, "SubmitReadOnly.minVersion");
        Version minVersion = IdSchema.readVersion(r);
        List<ChainKey> partitions = DataSchema.readPartitions(r, "SubmitReadOnly", "SubmitReadOnly.partitions");
        return new SubmitReadOnly(request, keys, minVersion, partitions);
    }

    static void writeTxnReply(WireWriter w, TxnReply m) throws IOException {
        w.beginObject();
        w.field(REQUEST);
        IdSchema.writeRequest(w, WireWriter.required(m.request(), "TxnReply.request"));
        w.field(RESULT);
        TxnSchema.writeResult(w, WireWriter.required(m.result(), "TxnReply.result"));
        w.field(VERSION);
        w.nullable(m.version(), IdSchema::writeVersion);
        w.field(CONTENDED);
        w.bool(m.contended());
        w.endObject();
    }

    static TxnReply readTxnReply(WireReader r) throws IOException {
        r.beginObject("TxnReply");
        r.field(REQUEST, "TxnReply.request");
        RequestId request = IdSchema.readRequest(r);
        r.field(RESULT, "TxnReply.result");
        TxnResult result = TxnSchema.readResult(r);
        Version version = r.nullableField(VERSION, "TxnReply.version") ? IdSchema.readVersion(r) : null;
        r.field(CONTENDED, "TxnReply.contended");
        boolean contended = r.bool("TxnReply.contended");
        r.endObject("TxnReply");
        return new TxnReply(request, result, version, contended);
    }

    static void writeQueryOutcome(WireWriter w, QueryOutcome m) throws IOException {
        w.beginObject();
        w.field(REQUEST);
        IdSchema.writeRequest(w, WireWriter.required(m.request(), "QueryOutcome.request"));
        w.field(TARGET);
        IdSchema.writeRequest(w, WireWriter.required(m.target(), "QueryOutcome.target"));
        w.endObject();
    }

    static QueryOutcome readQueryOutcome(WireReader r) throws IOException {
        r.beginObject("QueryOutcome");
        r.field(REQUEST, "QueryOutcome.request");
        RequestId request = IdSchema.readRequest(r);
        r.field(TARGET, "QueryOutcome.target");
        RequestId target = IdSchema.readRequest(r);
        r.endObject("QueryOutcome");
        return new QueryOutcome(request, target);
    }
}
