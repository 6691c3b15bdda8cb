package io.catena.kit;

import io.catena.core.data.ChainKey;
import io.catena.core.data.Datum;
import io.catena.core.data.ReadResult;
import io.catena.core.data.Row;
import io.catena.core.data.RowWrite;
import io.catena.core.data.RowKey;
import io.catena.core.data.Version;
import io.catena.core.id.RegionId;
import io.catena.core.id.RequestId;
import io.catena.core.id.TxnId;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Protocol values as column values of a record's row: nested lists ({@link Datum.Seq}) of numbers
 * and text, so that a record of any number of keys and writes is one row of the store's own data
 * model, readable by every adapter. The kit's answers ({@link AnswerCodec}) and a protocol's own
 * records are built from these. Each value has an encoder and, under the same name, a decoder that
 * reads what it wrote; absent values are {@link #NONE}.
 */
public final class RowCodec {

    /** An absent value: a null version, a deleted row, no reason. */
    public static final Datum NONE = Datum.of(-1);

    private RowCodec() {
    }

    public static Datum request(RequestId r) {
        return seq(Datum.of(r.client()), Datum.of(r.sequence()));
    }

    public static RequestId request(Datum d) {
        List<Datum> r = list(d);
        return new RequestId(number(r.get(0)), number(r.get(1)));
    }

    /** Rows read, each with its key and clustering; a row that was absent as {@link #NONE}. */
    public static Datum reads(List<ReadResult> reads) {
        List<Datum> encoded = new ArrayList<>(reads.size());
        for (ReadResult r : reads) {
            encoded.add(seq(key(r.key().chainKey()), Datum.of(r.key().clustering()), r.row() == null ? NONE : row(r.row())));
        }
        return Datum.of(encoded);
    }

    public static List<ReadResult> reads(Datum d) {
        List<ReadResult> reads = new ArrayList<>();
        for (Datum e : list(d)) {
            List<Datum> r = list(e);
            reads.add(new ReadResult(new RowKey(key(r.get(0)), text(r.get(1))), r.get(2).equals(NONE) ? null : row(r.get(2))));
        }
        return reads;
    }

    public static Datum txn(TxnId t) {
        return seq(Datum.of(t.epoch()), Datum.of(t.origin().index()), Datum.of(t.position()));
    }

    public static TxnId txn(Datum d) {
        List<Datum> t = list(d);
        return new TxnId(number(t.get(0)), RegionId.of((int) number(t.get(1))), (int) number(t.get(2)));
    }

    public static Datum key(ChainKey k) {
        return seq(Datum.of(k.table()), Datum.of(k.partition()));
    }

    public static ChainKey key(Datum d) {
        List<Datum> k = list(d);
        return ChainKey.of(text(k.get(0)), text(k.get(1)));
    }

    /** A version, or {@link #NONE} for null. */
    public static Datum version(Version v) {
        return v == null ? NONE : seq(Datum.of(v.epoch()), Datum.of(v.rank()));
    }

    /** A version, or null for {@link #NONE}. */
    public static Version version(Datum d) {
        if (d.equals(NONE)) {
            return null;
        }
        List<Datum> v = list(d);
        return Version.of(number(v.get(0)), (int) number(v.get(1)));
    }

    /** A row as the list of its column names and values, alternating. */
    public static Datum row(Row r) {
        List<Datum> columns = new ArrayList<>(2 * r.size());
        r.forEach((name, value) -> {
            columns.add(Datum.of(name));
            columns.add(value);
        });
        return Datum.of(columns);
    }

    public static Row row(Datum d) {
        List<Datum> columns = list(d);
        Map<String, Datum> c = new TreeMap<>();
        for (int i = 0; i < columns.size(); i += 2) {
            c.put(text(columns.get(i)), columns.get(i + 1));
        }
        return Row.of(c);
    }

    /** A commit's keys: each with the version it read or overwrote and its writes (a deletion's row {@link #NONE}). */
    public static Datum keyCommits(List<KeyCommit> keys) {
        List<Datum> encoded = new ArrayList<>(keys.size());
        for (KeyCommit k : keys) {
            List<Datum> writes = new ArrayList<>(k.writes().size());
            k.writes().forEach(w -> writes.add(seq(Datum.of(w.clustering()), w.isDelete() ? NONE : row(w.row()))));
            encoded.add(seq(key(k.key()), version(k.observed()), Datum.of(writes)));
        }
        return Datum.of(encoded);
    }

    public static List<KeyCommit> keyCommits(Datum d) {
        List<KeyCommit> keys = new ArrayList<>();
        for (Datum e : list(d)) {
            List<Datum> k = list(e);
            List<RowWrite> writes = new ArrayList<>();
            for (Datum w : list(k.get(2))) {
                List<Datum> write = list(w);
                String clustering = text(write.get(0));
                writes.add(write.get(1).equals(NONE) ? RowWrite.delete(clustering) : RowWrite.put(clustering, row(write.get(1))));
            }
            keys.add(new KeyCommit(key(k.get(0)), version(k.get(1)), writes));
        }
        return keys;
    }

    /** The values as one list value. */
    public static Datum seq(Datum... values) {
        return Datum.of(List.of(values));
    }

    /** The values of a list value. */
    public static List<Datum> list(Datum d) {
        return ((Datum.Seq) d).values();
    }

    public static String text(Datum d) {
        return ((Datum.Text) d).value();
    }

    public static long number(Datum d) {
        return ((Datum.Int64) d).value();
    }
}
