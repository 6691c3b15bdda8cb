package io.catena.core.rlog;

import io.catena.core.data.ChainKey;
import io.catena.core.data.Datum;
import io.catena.core.data.ReadResult;
import io.catena.core.data.Row;
import io.catena.core.data.RowKey;
import io.catena.core.txn.Condition;
import io.catena.core.txn.Op;
import io.catena.core.txn.TxnResult;
import io.catena.core.txn.TxnSpec;
import io.catena.core.txn.UpdateFn;
import java.util.List;

/**
 * Upper bounds on how many bytes the replicated log takes on the wire, so that the coordinator can
 * keep every transaction, record and epoch message under a byte budget without encoding anything.
 *
 * <p>The bounds follow the wire schema of the {@code wire} module, encoded with Smile (the codec
 * every region process uses), counting each element at its largest: a string or name as its
 * UTF-8 bytes plus a token and an end marker (Smile writes at most that, and one byte for a
 * repeat), an {@code int} as 6 bytes, a {@code long} as 11, every schema field name as
 * {@value #FIELD_NAME} bytes (names are at most 15 ASCII characters), an object or array as its
 * two markers. They never under-count, whatever the content. Where bytes matter — large values —
 * they are close, since a character counts its real UTF-8 length: a record holding a 900 KiB value
 * measures about 320 bytes more than its encoding. They over-count small things Smile shortens
 * (a repeated field name or short string becomes a one-byte back-reference, a small number one
 * byte): a record of many tiny transactions (two-key transfers of about 80 bytes) measures about
 * six times its encoded size, so a 4 MiB record still carries over 8,000 of them per epoch.
 * {@code EncodedSizeBoundTest} in the {@code wire} module encodes random records and messages and
 * checks both. The JSON codec, meant for debugging, may exceed them (escapes, decimal numbers).
 *
 * <p>Unlike {@link RLogRecord#approximateSizeBytes()}, which models work for the simulator's cost
 * model and figures, these bounds decide what fits; both are pure functions of their argument.
 */
public final class EncodedSize {

    /** Start and end markers of an object or an array. */
    static final int STRUCTURE = 2;
    /** A schema field name: token, up to 15 ASCII bytes, end marker. */
    static final int FIELD_NAME = 17;
    static final int INT = 6;
    static final int LONG = 11;
    /** A {@link io.catena.core.data.RowDigest}: a tuple of two longs. */
    static final int DIGEST = STRUCTURE + 2 * LONG;
    /** {@code [epoch, origin, position]}. */
    static final int TXN_ID = STRUCTURE + LONG + INT + INT;
    /** {@code [client, sequence]}. */
    static final int REQUEST_ID = STRUCTURE + LONG + LONG;
    /** {@code [epoch, rank]}. */
    static final int VERSION = STRUCTURE + LONG + INT;
    /** {@code [origin, epoch]}: one abandon vote. */
    public static final int BATCH_REF = STRUCTURE + INT + LONG;
    /** {@code [region, role, index]}. */
    static final int NODE_ID = STRUCTURE + 3 * INT;
    /**
     * What a node message frame adds around its message: the kind byte, the Smile header, and
     * {@code {"from": NodeId, "to": NodeId, "type": int, "message": ...}}.
     */
    static final int NODE_FRAME = 1 + 4 + STRUCTURE + 4 * FIELD_NAME + 2 * NODE_ID + INT;
    /** What a client frame adds around its message: as a node frame, without the addresses. */
    static final int CLIENT_FRAME = 1 + 4 + STRUCTURE + 2 * FIELD_NAME + INT;
    /** A null or a boolean. */
    static final int TOKEN = 1;

    private EncodedSize() {
    }

    /**
     * A transaction as logged: {@code {"id", "request", "offsetMicros", "spec"}}. Depends on the
     * spec alone, so the coordinator can measure a transaction before it has an id.
     */
    public static long txn(TxnSpec spec) {
        return STRUCTURE + 4 * FIELD_NAME + TXN_ID + REQUEST_ID + INT + spec(spec);
    }

    /** A record with no transactions, abandon votes or order votes, for {@code regions} regions. */
    public static long recordSkeleton(int regions) {
        return STRUCTURE + 7 * FIELD_NAME + INT + LONG + 3 * STRUCTURE + epochVector(regions) + VERSION;
    }

    /** One order vote: {@code {"epoch", "key", "order": [TxnId, ...]}}. */
    public static long vote(KeyOrderVote vote) {
        return STRUCTURE + 3 * FIELD_NAME + LONG + chainKey(vote.key()) + STRUCTURE
                + (long) vote.order().size() * TXN_ID;
    }

    /** A whole record. */
    public static long record(RLogRecord record) {
        long size = recordSkeleton(record.receipts().size()) + (long) record.abandons().size() * BATCH_REF;
        for (TxnEntry t : record.txns()) {
            size += txn(t.spec());
        }
        for (KeyOrderVote v : record.votes()) {
            size += vote(v);
        }
        return size + cancels(record.cancels().size());
    }

    /**
     * A record's cancellations, {@code "cancels": [RequestId, ...]}: written only when there are
     * some, so a record without them measures and encodes as before they existed.
     */
    public static long cancels(int count) {
        return count == 0 ? 0 : FIELD_NAME + STRUCTURE + (long) count * REQUEST_ID;
    }

    /**
     * The frame of an epoch message without records, for {@code regions} regions: the node frame
     * around {@code {"from", "records": [], "timetable"}}. Adding {@link #record} of each record
     * bounds the whole frame, which is what the frame limit applies to.
     */
    public static long epochMessageSkeleton(int regions) {
        return NODE_FRAME + STRUCTURE + 3 * FIELD_NAME + INT + STRUCTURE + STRUCTURE
                + (long) regions * epochVector(regions);
    }

    /**
     * The frame of a reply to a client carrying {@code result}: the client frame around
     * {@code {"request", "result", "version", "contended"}}. Read-only answers are kept under a
     * frame by it; the reply of a read-write transaction is not bounded (see docs/PROTOCOL.md).
     */
    public static long replyFrame(TxnResult result) {
        long size = CLIENT_FRAME + STRUCTURE + 4 * FIELD_NAME + REQUEST_ID + VERSION + TOKEN
                + STRUCTURE + 4 * FIELD_NAME + INT + (result.reason() == null ? TOKEN : string(result.reason()))
                + STRUCTURE + row(result.outputs());
        for (ReadResult r : result.reads()) {
            size += STRUCTURE + 2 * FIELD_NAME + rowKey(r.key()) + (r.row() == null ? TOKEN : row(r.row()));
        }
        return size;
    }

    private static long epochVector(int regions) {
        return STRUCTURE + (long) regions * LONG;
    }

    static long spec(TxnSpec spec) {
        if (spec instanceof TxnSpec.ProcedureCall call) {
            return STRUCTURE + 4 * FIELD_NAME + INT + string(call.name()) + INT + row(call.args());
        }
        long size = STRUCTURE + 2 * FIELD_NAME + INT + STRUCTURE;
        for (Op op : ((TxnSpec.AdHoc) spec).ops()) {
            size += op(op);
        }
        return size;
    }

    private static long op(Op op) {
        long size = STRUCTURE + 2 * FIELD_NAME + INT + rowKey(op.key());
        if (op instanceof Op.Write w) {
            size += FIELD_NAME + row(w.row());
        } else if (op instanceof Op.Insert i) {
            size += FIELD_NAME + row(i.row());
        } else if (op instanceof Op.Update u) {
            size += FIELD_NAME + updateFn(u.fn());
        } else if (op instanceof Op.Check c) {
            size += FIELD_NAME + condition(c.condition());
        } else if (op instanceof Op.CheckPartition) {
            size += FIELD_NAME + DIGEST;
        }
        return size;
    }

    private static long updateFn(UpdateFn fn) {
        long size = STRUCTURE + 3 * FIELD_NAME + INT;
        if (fn instanceof UpdateFn.Add add) {
            return size + string(add.column()) + LONG;
        } else if (fn instanceof UpdateFn.SetField set) {
            return size + string(set.column()) + datum(set.value());
        }
        UpdateFn.Append append = (UpdateFn.Append) fn;
        return size + string(append.column()) + datum(append.element());
    }

    private static long condition(Condition condition) {
        long size = STRUCTURE + FIELD_NAME + INT;
        if (condition instanceof Condition.Compare c) {
            size += 3 * FIELD_NAME + string(c.column()) + INT + datum(c.value());
        } else if (condition instanceof Condition.Unchanged) {
            size += FIELD_NAME + DIGEST;
        }
        return size;
    }

    static long row(Row row) {
        long size = STRUCTURE;
        for (int i = 0; i < row.size(); i++) {
            size += string(row.name(i)) + datum(row.value(i));
        }
        return size;
    }

    static long datum(Datum datum) {
        if (datum instanceof Datum.Int64) {
            return LONG;
        } else if (datum instanceof Datum.Text t) {
            return string(t.value());
        }
        List<Datum> values = ((Datum.Seq) datum).values();
        long size = STRUCTURE;
        for (Datum d : values) {
            size += datum(d);
        }
        return size;
    }

    static long chainKey(ChainKey key) {
        return STRUCTURE + string(key.table()) + string(key.partition());
    }

    static long rowKey(RowKey key) {
        return STRUCTURE + string(key.chainKey().table()) + string(key.chainKey().partition())
                + string(key.clustering());
    }

    /** A string or a name: its UTF-8 bytes, a type token and an end marker. */
    static long string(String s) {
        return utf8Bytes(s) + 2;
    }

    /** UTF-8 length; an unpaired surrogate counts as the 3 bytes of a replacement character. */
    static long utf8Bytes(String s) {
        long bytes = 0;
        for (int i = 0, n = s.length(); i < n; i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                bytes += 1;
            } else if (c < 0x800) {
                bytes += 2;
            } else if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(s.charAt(i + 1))) {
                bytes += 4;
                i++;
            } else {
                bytes += 3;
            }
        }
        return bytes;
    }
}
