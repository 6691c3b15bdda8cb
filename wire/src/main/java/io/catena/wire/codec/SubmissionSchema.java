package io.catena.wire.codec;

import static io.catena.wire.codec.FieldNames.AT;
import static io.catena.wire.codec.FieldNames.CONTENDED;
import static io.catena.wire.codec.FieldNames.KEYS;
import static io.catena.wire.codec.FieldNames.MIN_VERSION;
import static io.catena.wire.codec.FieldNames.PARTITIONS;
import static io.catena.wire.codec.FieldNames.QUERY_ID;
import static io.catena.wire.codec.FieldNames.REQUEST;
import static io.catena.wire.codec.FieldNames.RESULT;
import static io.catena.wire.codec.FieldNames.ROWS;
import static io.catena.wire.codec.FieldNames.SERVER;
import static io.catena.wire.codec.FieldNames.SPEC;
import static io.catena.wire.codec.FieldNames.VERSION;

import io.catena.core.data.ChainKey;
import io.catena.core.data.ReadResult;
import io.catena.core.data.RowKey;
import io.catena.core.data.Version;
import io.catena.core.id.RequestId;
import io.catena.core.message.SnapshotRead;
import io.catena.core.message.SnapshotReply;
import io.catena.core.message.SubmitReadOnly;
import io.catena.core.message.SubmitTxn;
import io.catena.core.message.TxnReply;
import io.catena.core.txn.TxnResult;
import io.catena.core.txn.TxnSpec;
import java.io.IOException;
import java.util.List;

/**
 * What a client submits, what it is told, and the snapshot reads behind read-only transactions:
 * <pre>
 * SubmitTxn      = {"request": RequestId, "spec": TxnSpec}
 * SubmitReadOnly = {"request": RequestId, "keys": [RowKey, ...], "minVersion": Version, "partitions"?: [ChainKey, ...]}
 * TxnReply       = {"request": RequestId, "result": TxnResult, "version": Version | null, "contended": bool}
 * SnapshotRead   = {"queryId": long, "keys": [RowKey, ...], "at": Version | null, "partitions"?: [ChainKey, ...]}
 * SnapshotReply  = {"queryId": long, "server": int, "version": Version | null, "rows": [ReadResult, ...]}
 * </pre>
 * {@code "partitions"} (reads of whole partitions) came later than the rest: it is written only
 * when there are partitions, so a read of rows alone is encoded as before, byte for byte, and a
 * peer of an older build refuses a partition read as a malformed frame instead of misreading it.
 * The rows read from partitions travel in the existing lists, after the rows read by key (see
 * {@code SnapshotRows}).
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
        w.endObject();
    }

    static SubmitTxn readSubmitTxn(WireReader r) throws IOException {
        r.beginObject("SubmitTxn");
        r.field(REQUEST, "SubmitTxn.request");
        RequestId request = IdSchema.readRequest(r);
        r.field(SPEC, "SubmitTxn.spec");
        TxnSpec spec = TxnSchema.readSpec(r);
        r.endObject("SubmitTxn");
        return new SubmitTxn(request, spec);
    }

    static void writeSubmitReadOnly(WireWriter w, SubmitReadOnly m) throws IOException {
        w.beginObject();
        w.field(REQUEST);
        IdSchema.writeRequest(w, WireWriter.required(m.request(), "SubmitReadOnly.request"));
        w.field(KEYS);
        w.list(m.keys(), DataSchema::writeRowKey);
        w.field(MIN_VERSION);
        IdSchema.writeVersion(w, m.minVersion());
        writePartitions(w, m.partitions());
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
        List<ChainKey> partitions = readPartitions(r, "SubmitReadOnly", "SubmitReadOnly.partitions");
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

    static void writeSnapshotRead(WireWriter w, SnapshotRead m) throws IOException {
        w.beginObject();
        w.field(QUERY_ID);
        w.longValue(m.queryId());
        w.field(KEYS);
        w.list(m.keys(), DataSchema::writeRowKey);
        w.field(AT);
        w.nullable(m.at(), IdSchema::writeVersion);
        writePartitions(w, m.partitions());
        w.endObject();
    }

    static SnapshotRead readSnapshotRead(WireReader r) throws IOException {
        r.beginObject("SnapshotRead");
        r.field(QUERY_ID, "SnapshotRead.queryId");
        long queryId = r.longValue("SnapshotRead.queryId");
        r.field(KEYS, "SnapshotRead.keys");
        List<RowKey> keys = r.list("SnapshotRead.keys", DataSchema::readRowKey);
        Version at = r.nullableField(AT, "SnapshotRead.at") ? IdSchema.readVersion(r) : null;
        List<ChainKey> partitions = readPartitions(r, "SnapshotRead", "SnapshotRead.partitions");
        return new SnapshotRead(queryId, keys, at, partitions);
    }

    /** The optional last field {@code "partitions"}, left out when empty. */
    private static void writePartitions(WireWriter w, List<ChainKey> partitions) throws IOException {
        if (!partitions.isEmpty()) {
            w.field(PARTITIONS);
            w.list(partitions, DataSchema::writeChainKey);
        }
    }

    /** The optional last field {@code "partitions"} and the end of the object {@code type}. */
    private static List<ChainKey> readPartitions(WireReader r, String type, String what) throws IOException {
        return r.optionalLastField(PARTITIONS, type, what, x -> x.list(what, DataSchema::readChainKey), List.of());
    }

    static void writeSnapshotReply(WireWriter w, SnapshotReply m) throws IOException {
        w.beginObject();
        w.field(QUERY_ID);
        w.longValue(m.queryId());
        w.field(SERVER);
        w.intValue(m.server());
        w.field(VERSION);
        w.nullable(m.version(), IdSchema::writeVersion);
        w.field(ROWS);
        DataSchema.writeReadResults(w, m.rows());
        w.endObject();
    }

    static SnapshotReply readSnapshotReply(WireReader r) throws IOException {
        r.beginObject("SnapshotReply");
        r.field(QUERY_ID, "SnapshotReply.queryId");
        long queryId = r.longValue("SnapshotReply.queryId");
        r.field(SERVER, "SnapshotReply.server");
        int server = r.intValue("SnapshotReply.server");
        Version version = r.nullableField(VERSION, "SnapshotReply.version") ? IdSchema.readVersion(r) : null;
        r.field(ROWS, "SnapshotReply.rows");
        List<ReadResult> rows = DataSchema.readReadResults(r, "SnapshotReply.rows");
        r.endObject("SnapshotReply");
        return new SnapshotReply(queryId, server, version, rows);
    }
}
