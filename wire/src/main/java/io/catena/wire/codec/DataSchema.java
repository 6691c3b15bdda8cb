package io.catena.wire.codec;

import static io.catena.wire.codec.FieldNames.CLUSTERING;
import static io.catena.wire.codec.FieldNames.KEY;
import static io.catena.wire.codec.FieldNames.OBSERVED;
import static io.catena.wire.codec.FieldNames.PARTITIONS;
import static io.catena.wire.codec.FieldNames.ROW;
import static io.catena.wire.codec.FieldNames.WRITES;

import io.catena.core.data.ChainKey;
import io.catena.core.data.Datum;
import io.catena.core.data.ReadResult;
import io.catena.core.data.Row;
import io.catena.core.data.RowKey;
import io.catena.core.data.RowWrite;
import io.catena.core.data.Version;
import java.io.IOException;
import java.util.List;
import java.util.TreeMap;

/**
 * Keys, values and rows:
 * <pre>
 * ChainKey   = [table, partition]
 * RowKey     = [table, partition, clustering]
 * Datum      = integer | string | [Datum, ...]      (Int64, Text, Seq: the token type is the tag)
 * Row        = {column: Datum, ...}                 (columns in name order, each at most once)
 * ReadResult = {"key": RowKey, "row": Row | null}
 * RowWrite   = {"clustering": string, "row": Row | null}    (null: the row is deleted)
 * KeyCommit  = {"key": ChainKey, "observed": Version, "writes": [RowWrite, ...]}
 * </pre>
 * A {@code KeyCommit} is one key of a commit that every region applies: the version the
 * transaction read or overwrote, which a region must have applied first, and the rows written
 * (none for a key only read). Protocols that ship commits (the baselines, Helios) share it; each
 * builds its own value of it ({@link KeyCommitFactory}), since this module names no protocol.
 * A snapshot read, a client's or a coordinator's, ends with the optional field
 * {@code "partitions"?: [ChainKey, ...]} (reads of whole partitions), which came later than the
 * rest: it is written only when there are partitions, so a read of rows alone is encoded as
 * before, byte for byte, and a peer of an older build refuses a partition read as a malformed
 * frame instead of misreading it.
 */
public final class DataSchema {

    /** Builds a protocol's own value of one key of a commit from its wire parts. */
    @FunctionalInterface
    public interface KeyCommitFactory<T> {
        T of(ChainKey key, Version observed, List<RowWrite> writes);
    }

    private DataSchema() {
    }

    public static void writeChainKey(WireWriter w, ChainKey key) throws IOException {
        w.beginTuple();
        w.string(key.table(), "ChainKey.table");
        w.string(key.partition(), "ChainKey.partition");
        w.endTuple();
    }

    public static ChainKey readChainKey(WireReader r) throws IOException {
        r.beginTuple("ChainKey");
        String table = r.nextString("ChainKey.table");
        String partition = r.nextString("ChainKey.partition");
        r.endTuple("ChainKey");
        return new ChainKey(table, partition);
    }

    public static void writeRowKey(WireWriter w, RowKey key) throws IOException {
        w.beginTuple();
        w.string(key.chainKey().table(), "RowKey.table");
        w.string(key.chainKey().partition(), "RowKey.partition");
        w.string(key.clustering(), "RowKey.clustering");
        w.endTuple();
    }

    public static RowKey readRowKey(WireReader r) throws IOException {
        r.beginTuple("RowKey");
        String table = r.nextString("RowKey.table");
        String partition = r.nextString("RowKey.partition");
        String clustering = r.nextString("RowKey.clustering");
        r.endTuple("RowKey");
        return new RowKey(new ChainKey(table, partition), clustering);
    }

    public static void writeDatum(WireWriter w, Datum datum) throws IOException {
        if (datum instanceof Datum.Int64 i) {
            w.longValue(i.value());
        } else if (datum instanceof Datum.Text t) {
            w.string(t.value(), "Datum.Text");
        } else {
            w.list(((Datum.Seq) datum).values(), DataSchema::writeDatum);
        }
    }

    public static Datum readDatum(WireReader r) throws IOException {
        return switch (r.token()) {
            case VALUE_NUMBER_INT -> Datum.of(r.longValue("Datum.Int64"));
            case VALUE_STRING -> Datum.of(r.string("Datum.Text"));
            case START_ARRAY -> new Datum.Seq(r.list("Datum.Seq", DataSchema::readDatum));
            default -> throw r.violation("a Datum must be an integer, a string or an array, not "
                    + WireReader.describe(r.token()));
        };
    }

    public static void writeRow(WireWriter w, Row row) throws IOException {
        w.beginObject();
        for (int i = 0; i < row.size(); i++) {
            w.dataName(row.name(i), "Row column name");
            writeDatum(w, row.value(i));
        }
        w.endObject();
    }

    public static Row readRow(WireReader r) throws IOException {
        r.beginObject("Row");
        String column = r.nextDataName();
        if (column == null) {
            return Row.EMPTY;
        }
        TreeMap<String, Datum> columns = new TreeMap<>();
        do {
            if (columns.put(column, readDatum(r)) != null) {
                throw r.violation("Row has column '" + WireReader.quote(column) + "' twice");
            }
            column = r.nextDataName();
        } while (column != null);
        return Row.of(columns);
    }

    public static void writeReadResult(WireWriter w, ReadResult result) throws IOException {
        w.beginObject();
        w.field(KEY);
        writeRowKey(w, WireWriter.required(result.key(), "ReadResult.key"));
        w.field(ROW);
        w.nullable(result.row(), DataSchema::writeRow);
        w.endObject();
    }

    public static ReadResult readReadResult(WireReader r) throws IOException {
        r.beginObject("ReadResult");
        r.field(KEY, "ReadResult.key");
        RowKey key = readRowKey(r);
        Row row = r.nullableField(ROW, "ReadResult.row") ? readRow(r) : null;
        r.endObject("ReadResult");
        return new ReadResult(key, row);
    }

    public static void writeRowWrite(WireWriter w, RowWrite write) throws IOException {
        w.beginObject();
        w.field(CLUSTERING);
        w.string(write.clustering(), "RowWrite.clustering");
        w.field(ROW);
        w.nullable(write.row(), DataSchema::writeRow);
        w.endObject();
    }

    public static RowWrite readRowWrite(WireReader r) throws IOException {
        r.beginObject("RowWrite");
        r.field(CLUSTERING, "RowWrite.clustering");
        String clustering = r.string("RowWrite.clustering");
        Row row = r.nullableField(ROW, "RowWrite.row") ? readRow(r) : null;
        r.endObject("RowWrite");
        return new RowWrite(clustering, row);
    }

    public static void writeReadResults(WireWriter w, List<ReadResult> results) throws IOException {
        w.list(results, DataSchema::writeReadResult);
    }

    public static List<ReadResult> readReadResults(WireReader r, String what) throws IOException {
        return r.list(what, DataSchema::readReadResult);
    }

    /** The optional last field {@code "partitions"} of a snapshot read, left out when empty. */
    public static void writePartitions(WireWriter w, List<ChainKey> partitions) throws IOException {
        if (!partitions.isEmpty()) {
            w.field(PARTITIONS);
            w.list(partitions, DataSchema::writeChainKey);
        }
    }

    /** The optional last field {@code "partitions"} and the end of the object {@code type}. */
    public static List<ChainKey> readPartitions(WireReader r, String type, String what) throws IOException {
        return r.optionalLastField(PARTITIONS, type, what, x -> x.list(what, DataSchema::readChainKey), List.of());
    }

    /** Field {@code key} and its chain key, required: {@code what} names it when it is missing. */
    public static void writeKeyField(WireWriter w, ChainKey key, String what) throws IOException {
        w.field(FieldNames.KEY);
        writeChainKey(w, WireWriter.required(key, what));
    }

    public static ChainKey readKeyField(WireReader r, String what) throws IOException {
        r.field(FieldNames.KEY, what);
        return readChainKey(r);
    }

    /** One key of a commit, from its parts: its key, the version it builds on (required), its writes. */
    public static void writeKeyCommit(WireWriter w, ChainKey key, Version observed, List<RowWrite> writes)
            throws IOException {
        w.beginObject();
        writeKeyField(w, key, "KeyCommit.key");
        w.field(OBSERVED);
        IdSchema.writeVersion(w, WireWriter.required(observed, "KeyCommit.observed"));
        w.field(WRITES);
        w.list(writes, DataSchema::writeRowWrite);
        w.endObject();
    }

    /** One key of a commit, as the protocol's value {@code factory} makes of its parts. */
    public static <T> T readKeyCommit(WireReader r, KeyCommitFactory<T> factory) throws IOException {
        r.beginObject("KeyCommit");
        ChainKey key = readKeyField(r, "KeyCommit.key");
        r.field(OBSERVED, "KeyCommit.observed");
        Version observed = IdSchema.readVersion(r);
        r.field(WRITES, "KeyCommit.writes");
        List<RowWrite> writes = r.list("KeyCommit.writes", DataSchema::readRowWrite);
        r.endObject("KeyCommit");
        return factory.of(key, observed, writes);
    }
}
