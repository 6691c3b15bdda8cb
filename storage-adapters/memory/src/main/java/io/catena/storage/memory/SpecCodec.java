package io.catena.storage.memory;

import static io.catena.storage.memory.JournalCodec.readCount;
import static io.catena.storage.memory.JournalCodec.readDatum;
import static io.catena.storage.memory.JournalCodec.readRow;
import static io.catena.storage.memory.JournalCodec.readRowKey;
import static io.catena.storage.memory.JournalCodec.readString;
import static io.catena.storage.memory.JournalCodec.writeDatum;
import static io.catena.storage.memory.JournalCodec.writeRow;
import static io.catena.storage.memory.JournalCodec.writeRowKey;
import static io.catena.storage.memory.JournalCodec.writeString;

import io.catena.core.data.RowDigest;
import io.catena.core.data.RowKey;
import io.catena.core.txn.Condition;
import io.catena.core.txn.Op;
import io.catena.core.txn.TxnSpec;
import io.catena.core.txn.UpdateFn;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The journal format of transaction specs (inside logged records), continuing the grammar of
 * {@link JournalCodec}. Stateless.
 *
 * <pre>
 * txnSpec   = 1 count:int op*                              (ad hoc)
 *           | 2 name:string version:int args:row           (procedure call)
 * op        = 1 rowKey                                     (read)
 *           | 2 rowKey row                                 (write)
 *           | 3 rowKey updateFn                            (update)
 *           | 4 rowKey row                                 (insert)
 *           | 5 rowKey                                     (delete)
 *           | 6 rowKey condition                           (check)
 * updateFn  = 1 column:string delta:long                   (add)
 *           | 2 column:string datum                        (set field)
 *           | 3 column:string datum                        (append)
 * condition = 1 | 2                                        (exists, absent)
 *           | 3 column:string comparison:string datum      (compare; the comparison by name)
 * </pre>
 */
final class SpecCodec {

    private SpecCodec() {
    }

    static void writeSpec(DataOutputStream out, TxnSpec spec) throws IOException {
        if (spec instanceof TxnSpec.AdHoc adHoc) {
            out.writeByte(1);
            out.writeInt(adHoc.ops().size());
            for (Op op : adHoc.ops()) {
                writeOp(out, op);
            }
        } else if (spec instanceof TxnSpec.ProcedureCall call) {
            out.writeByte(2);
            writeString(out, call.name());
            out.writeInt(call.version());
            writeRow(out, call.args());
        } else {
            throw new IllegalArgumentException("no journal format for transaction spec " + spec);
        }
    }

    static TxnSpec readSpec(DataInputStream in) throws IOException {
        byte tag = in.readByte();
        switch (tag) {
            case 1: {
                int count = readCount(in);
                List<Op> ops = new ArrayList<>(count);
                for (int i = 0; i < count; i++) {
                    ops.add(readOp(in));
                }
                return new TxnSpec.AdHoc(ops);
            }
            case 2:
                return new TxnSpec.ProcedureCall(readString(in), in.readInt(), readRow(in));
            default:
                throw new IOException("unknown transaction spec tag " + tag);
        }
    }

    private static void writeOp(DataOutputStream out, Op op) throws IOException {
        if (op instanceof Op.Read r) {
            out.writeByte(1);
            writeRowKey(out, r.key());
        } else if (op instanceof Op.Write w) {
            out.writeByte(2);
            writeRowKey(out, w.key());
            writeRow(out, w.row());
        } else if (op instanceof Op.Update u) {
            out.writeByte(3);
            writeRowKey(out, u.key());
            writeUpdateFn(out, u.fn());
        } else if (op instanceof Op.Insert i) {
            out.writeByte(4);
            writeRowKey(out, i.key());
            writeRow(out, i.row());
        } else if (op instanceof Op.Delete d) {
            out.writeByte(5);
            writeRowKey(out, d.key());
        } else if (op instanceof Op.Check c) {
            out.writeByte(6);
            writeRowKey(out, c.key());
            writeCondition(out, c.condition());
        } else if (op instanceof Op.CheckPartition c) {
            out.writeByte(7);
            writeRowKey(out, c.key());
            writeDigest(out, c.digest());
        } else {
            throw new IllegalArgumentException("no journal format for operation " + op);
        }
    }

    private static Op readOp(DataInputStream in) throws IOException {
        byte tag = in.readByte();
        RowKey key = readRowKey(in);
        switch (tag) {
            case 1:
                return new Op.Read(key);
            case 2:
                return new Op.Write(key, readRow(in));
            case 3:
                return new Op.Update(key, readUpdateFn(in));
            case 4:
                return new Op.Insert(key, readRow(in));
            case 5:
                return new Op.Delete(key);
            case 6:
                return new Op.Check(key, readCondition(in));
            case 7:
                return new Op.CheckPartition(key.chainKey(), readDigest(in));
            default:
                throw new IOException("unknown operation tag " + tag);
        }
    }

    private static void writeUpdateFn(DataOutputStream out, UpdateFn fn) throws IOException {
        if (fn instanceof UpdateFn.Add add) {
            out.writeByte(1);
            writeString(out, add.column());
            out.writeLong(add.delta());
        } else if (fn instanceof UpdateFn.SetField set) {
            out.writeByte(2);
            writeString(out, set.column());
            writeDatum(out, set.value());
        } else if (fn instanceof UpdateFn.Append append) {
            out.writeByte(3);
            writeString(out, append.column());
            writeDatum(out, append.element());
        } else {
            throw new IllegalArgumentException("no journal format for update function " + fn);
        }
    }

    private static UpdateFn readUpdateFn(DataInputStream in) throws IOException {
        byte tag = in.readByte();
        switch (tag) {
            case 1:
                return new UpdateFn.Add(readString(in), in.readLong());
            case 2:
                return new UpdateFn.SetField(readString(in), readDatum(in));
            case 3:
                return new UpdateFn.Append(readString(in), readDatum(in));
            default:
                throw new IOException("unknown update function tag " + tag);
        }
    }

    private static void writeCondition(DataOutputStream out, Condition condition) throws IOException {
        if (condition instanceof Condition.Exists) {
            out.writeByte(1);
        } else if (condition instanceof Condition.Absent) {
            out.writeByte(2);
        } else if (condition instanceof Condition.Compare compare) {
            out.writeByte(3);
            writeString(out, compare.column());
            writeString(out, compare.op().name());
            writeDatum(out, compare.value());
        } else if (condition instanceof Condition.Unchanged unchanged) {
            out.writeByte(4);
            writeDigest(out, unchanged.digest());
        } else {
            throw new IllegalArgumentException("no journal format for condition " + condition);
        }
    }

    private static Condition readCondition(DataInputStream in) throws IOException {
        byte tag = in.readByte();
        switch (tag) {
            case 1:
                return new Condition.Exists();
            case 2:
                return new Condition.Absent();
            case 3:
                String column = readString(in);
                Condition.Comparison comparison = Condition.Comparison.valueOf(readString(in));
                return new Condition.Compare(column, comparison, readDatum(in));
            case 4:
                return new Condition.Unchanged(readDigest(in));
            default:
                throw new IOException("unknown condition tag " + tag);
        }
    }

    private static void writeDigest(DataOutputStream out, RowDigest digest) throws IOException {
        out.writeLong(digest.high());
        out.writeLong(digest.low());
    }

    private static RowDigest readDigest(DataInputStream in) throws IOException {
        return new RowDigest(in.readLong(), in.readLong());
    }
}
