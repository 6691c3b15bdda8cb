package io.catena.catenae.wire;

import static io.catena.catenae.wire.CatenaFieldNames.AT;
import static io.catena.catenae.wire.CatenaFieldNames.QUERY_ID;
import static io.catena.catenae.wire.CatenaFieldNames.ROWS;
import static io.catena.catenae.wire.CatenaFieldNames.SERVER;
import static io.catena.wire.codec.FieldNames.KEYS;
import static io.catena.wire.codec.FieldNames.VERSION;

import io.catena.catenae.message.SnapshotRead;
import io.catena.catenae.message.SnapshotReply;
import io.catena.core.data.ChainKey;
import io.catena.core.data.ReadResult;
import io.catena.core.data.RowKey;
import io.catena.core.data.Version;
import io.catena.wire.codec.DataSchema;
import io.catena.wire.codec.IdSchema;
import io.catena.wire.codec.WireReader;
import io.catena.wire.codec.WireWriter;
import java.io.IOException;
import java.util.List;

/**
 * The snapshot reads behind a read-only transaction, coordinator to chain server and back:
 * <pre>
 * SnapshotRead  = {"queryId": long, "keys": [RowKey, ...], "at": Version | null, "partitions"?: [ChainKey, ...]}
 * SnapshotReply = {"queryId": long, "server": int, "version": Version | null, "rows": [ReadResult, ...]}
 * </pre>
 * {@code "partitions"} is left out when empty, as in a client's read ({@link DataSchema#writePartitions}).
 * The rows read from partitions travel in {@code "rows"}, after the rows read by key (see
 * {@code SnapshotRows}).
 */
final class SnapshotSchema {

    private SnapshotSchema() {
    }

    static void writeSnapshotRead(WireWriter w, SnapshotRead m) throws IOException {
        w.beginObject();
        w.field(QUERY_ID);
        w.longValue(m.queryId());
        w.field(KEYS);
        w.list(m.keys(), DataSchema::writeRowKey);
        w.field(AT);
        w.nullable(m.at(), IdSchema::writeVersion);
        DataSchema.writePartitions(w, m.partitions());
        w.endObject();
    }

    static SnapshotRead readSnapshotRead(WireReader r) throws IOException {
        r.beginObject("SnapshotRead");
        r.field(QUERY_ID, "SnapshotRead.queryId");
        long queryId = r.longValue("SnapshotRead.queryId");
        r.field(KEYS, "SnapshotRead.keys");
        List<RowKey> keys = r.list("SnapshotRead.keys", DataSchema::readRowKey);
        Version at = r.nullableField(AT, "SnapshotRead.at") ? IdSchema.readVersion(r) : null;
        List<ChainKey> partitions = DataSchema.readPartitions(r, "SnapshotRead", "SnapshotRead.partitions");
        return new SnapshotRead(queryId, keys, at, partitions);
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
