package io.catena.wire.codec;

import static io.catena.wire.codec.FieldNames.ARGS;
import static io.catena.wire.codec.FieldNames.COLUMN;
import static io.catena.wire.codec.FieldNames.CONDITION;
import static io.catena.wire.codec.FieldNames.DIGEST;
import static io.catena.wire.codec.FieldNames.DELTA;
import static io.catena.wire.codec.FieldNames.ELEMENT;
import static io.catena.wire.codec.FieldNames.FN;
import static io.catena.wire.codec.FieldNames.KEY;
import static io.catena.wire.codec.FieldNames.KIND;
import static io.catena.wire.codec.FieldNames.NAME;
import static io.catena.wire.codec.FieldNames.OP;
import static io.catena.wire.codec.FieldNames.OPS;
import static io.catena.wire.codec.FieldNames.OUTCOME;
import static io.catena.wire.codec.FieldNames.OUTPUTS;
import static io.catena.wire.codec.FieldNames.READS;
import static io.catena.wire.codec.FieldNames.REASON;
import static io.catena.wire.codec.FieldNames.ROW;
import static io.catena.wire.codec.FieldNames.VALUE;
import static io.catena.wire.codec.FieldNames.VERSION;

import com.fasterxml.jackson.core.SerializableString;
import io.catena.core.data.Datum;
import io.catena.core.data.ReadResult;
import io.catena.core.data.Row;
import io.catena.core.data.RowDigest;
import io.catena.core.data.RowKey;
import io.catena.core.txn.Access;
import io.catena.core.txn.Condition;
import io.catena.core.txn.Op;
import io.catena.core.txn.Outcome;
import io.catena.core.txn.TxnResult;
import io.catena.core.txn.TxnSpec;
import io.catena.core.txn.UpdateFn;
import java.io.IOException;
import java.util.List;

/**
 * Transactions and their results. Each sealed type is an object whose first field {@code kind}
 * is a fixed tag (the numbers below are part of the wire format: only append):
 * <pre>
 * TxnSpec   = {"kind": 0, "ops": [Op, ...]}                                      AdHoc
 *           | {"kind": 1, "name": string, "version": int, "args": Row}           ProcedureCall
 * Op        = {"kind": 0 Read | 1 Write | 2 Update | 3 Insert | 4 Delete | 5 Check | 6 CheckPartition,
 *              "key": RowKey, ...}
 *             with "row": Row (Write, Insert), "fn": UpdateFn (Update), "condition": Condition (Check),
 *             "digest": RowDigest (CheckPartition, whose key's clustering is empty)
 * UpdateFn  = {"kind": 0, "column": string, "delta": long}                       Add
 *           | {"kind": 1, "column": string, "value": Datum}                       SetField
 *           | {"kind": 2, "column": string, "element": Datum}                     Append
 * Condition = {"kind": 0 Exists | 1 Absent}
 *           | {"kind": 2, "column": string, "op": Comparison, "value": Datum}    Compare
 *           | {"kind": 3, "digest": RowDigest}                                   Unchanged
 * RowDigest = [high: long, low: long]
 * TxnResult = {"outcome": Outcome, "reason": string | null, "reads": [ReadResult, ...], "outputs": Row}
 * </pre>
 */
public final class TxnSchema {

    public static final EnumCodes<Access> ACCESS = new EnumCodes<>(Access.class,
            Access.READ, Access.WRITE, Access.READ_WRITE);
    public static final EnumCodes<Outcome> OUTCOMES = new EnumCodes<>(Outcome.class,
            Outcome.COMMITTED, Outcome.ABORTED, Outcome.REJECTED, Outcome.DROPPED);
    public static final EnumCodes<Condition.Comparison> COMPARISONS = new EnumCodes<>(Condition.Comparison.class,
            Condition.Comparison.EQ, Condition.Comparison.NE, Condition.Comparison.LT,
            Condition.Comparison.LE, Condition.Comparison.GT, Condition.Comparison.GE);

    private static final int SPEC_AD_HOC = 0;
    private static final int SPEC_PROCEDURE_CALL = 1;

    private static final int OP_READ = 0;
    private static final int OP_WRITE = 1;
    private static final int OP_UPDATE = 2;
    private static final int OP_INSERT = 3;
    private static final int OP_DELETE = 4;
    private static final int OP_CHECK = 5;
    private static final int OP_CHECK_PARTITION = 6;

    private static final int FN_ADD = 0;
    private static final int FN_SET_FIELD = 1;
    private static final int FN_APPEND = 2;

    private static final int COND_EXISTS = 0;
    private static final int COND_ABSENT = 1;
    private static final int COND_COMPARE = 2;
    private static final int COND_UNCHANGED = 3;

    private TxnSchema() {
    }

    public static void writeSpec(WireWriter w, TxnSpec spec) throws IOException {
        w.beginObject();
        w.field(KIND);
        if (spec instanceof TxnSpec.AdHoc adHoc) {
            w.intValue(SPEC_AD_HOC);
            w.field(OPS);
            w.list(adHoc.ops(), TxnSchema::writeOp);
        } else if (spec instanceof TxnSpec.ProcedureCall call) {
            w.intValue(SPEC_PROCEDURE_CALL);
            w.field(NAME);
            w.string(call.name(), "ProcedureCall.name");
            w.field(VERSION);
            w.intValue(call.version());
            w.field(ARGS);
            DataSchema.writeRow(w, call.args());
        } else {
            throw unknownType(spec);
        }
        w.endObject();
    }

    public static TxnSpec readSpec(WireReader r) throws IOException {
        r.beginObject("TxnSpec");
        r.field(KIND, "TxnSpec.kind");
        int kind = r.intValue("TxnSpec.kind");
        TxnSpec spec;
        if (kind == SPEC_AD_HOC) {
            r.field(OPS, "AdHoc.ops");
            spec = new TxnSpec.AdHoc(r.list("AdHoc.ops", TxnSchema::readOp));
        } else if (kind == SPEC_PROCEDURE_CALL) {
            r.field(NAME, "ProcedureCall.name");
            String name = r.string("ProcedureCall.name");
            r.field(VERSION, "ProcedureCall.version");
            int version = r.intValue("ProcedureCall.version");
            r.field(ARGS, "ProcedureCall.args");
            spec = new TxnSpec.ProcedureCall(name, version, DataSchema.readRow(r));
        } else {
            throw r.violation("TxnSpec kind " + kind + " is unknown");
        }
        r.endObject("TxnSpec");
        return spec;
    }

    public static void writeOp(WireWriter w, Op op) throws IOException {
        w.beginObject();
        w.field(KIND);
        w.intValue(opKind(op));
        w.field(KEY);
        DataSchema.writeRowKey(w, WireWriter.required(op.key(), "Op.key"));
        if (op instanceof Op.Write write) {
            w.field(ROW);
            DataSchema.writeRow(w, WireWriter.required(write.row(), "Write.row"));
        } else if (op instanceof Op.Insert insert) {
            w.field(ROW);
            DataSchema.writeRow(w, WireWriter.required(insert.row(), "Insert.row"));
        } else if (op instanceof Op.Update update) {
            w.field(FN);
            writeUpdateFn(w, WireWriter.required(update.fn(), "Update.fn"));
        } else if (op instanceof Op.Check check) {
            w.field(CONDITION);
            writeCondition(w, WireWriter.required(check.condition(), "Check.condition"));
        } else if (op instanceof Op.CheckPartition check) {
            writeDigest(w, WireWriter.required(check.digest(), "CheckPartition.digest"));
        }
        w.endObject();
    }

    private static int opKind(Op op) throws SchemaViolation {
        if (op instanceof Op.Read) {
            return OP_READ;
        } else if (op instanceof Op.Write) {
            return OP_WRITE;
        } else if (op instanceof Op.Update) {
            return OP_UPDATE;
        } else if (op instanceof Op.Insert) {
            return OP_INSERT;
        } else if (op instanceof Op.Delete) {
            return OP_DELETE;
        } else if (op instanceof Op.Check) {
            return OP_CHECK;
        } else if (op instanceof Op.CheckPartition) {
            return OP_CHECK_PARTITION;
        }
        throw unknownType(op);
    }

    public static Op readOp(WireReader r) throws IOException {
        r.beginObject("Op");
        r.field(KIND, "Op.kind");
        int kind = r.intValue("Op.kind");
        r.field(KEY, "Op.key");
        RowKey key = DataSchema.readRowKey(r);
        Op op = switch (kind) {
            case OP_READ -> new Op.Read(key);
            case OP_WRITE -> new Op.Write(key, readRowField(r, "Write.row"));
            case OP_UPDATE -> {
                r.field(FN, "Update.fn");
                yield new Op.Update(key, readUpdateFn(r));
            }
            case OP_INSERT -> new Op.Insert(key, readRowField(r, "Insert.row"));
            case OP_DELETE -> new Op.Delete(key);
            case OP_CHECK -> {
                r.field(CONDITION, "Check.condition");
                yield new Op.Check(key, readCondition(r));
            }
            case OP_CHECK_PARTITION -> {
                if (!key.clustering().isEmpty()) {
                    throw r.violation("CheckPartition.key must have an empty clustering key");
                }
                yield new Op.CheckPartition(key.chainKey(), readDigest(r, "CheckPartition.digest"));
            }
            default -> throw r.violation("Op kind " + kind + " is unknown");
        };
        r.endObject("Op");
        return op;
    }

    private static Row readRowField(WireReader r, String what) throws IOException {
        r.field(ROW, what);
        return DataSchema.readRow(r);
    }

    public static void writeUpdateFn(WireWriter w, UpdateFn fn) throws IOException {
        w.beginObject();
        w.field(KIND);
        if (fn instanceof UpdateFn.Add add) {
            w.intValue(FN_ADD);
            writeColumn(w, add.column(), "Add.column");
            w.field(DELTA);
            w.longValue(add.delta());
        } else if (fn instanceof UpdateFn.SetField set) {
            w.intValue(FN_SET_FIELD);
            writeColumn(w, set.column(), "SetField.column");
            writeDatumField(w, VALUE, set.value(), "SetField.value");
        } else if (fn instanceof UpdateFn.Append append) {
            w.intValue(FN_APPEND);
            writeColumn(w, append.column(), "Append.column");
            writeDatumField(w, ELEMENT, append.element(), "Append.element");
        } else {
            throw unknownType(fn);
        }
        w.endObject();
    }

    public static UpdateFn readUpdateFn(WireReader r) throws IOException {
        r.beginObject("UpdateFn");
        r.field(KIND, "UpdateFn.kind");
        int kind = r.intValue("UpdateFn.kind");
        UpdateFn fn = switch (kind) {
            case FN_ADD -> {
                String column = readColumn(r, "Add.column");
                r.field(DELTA, "Add.delta");
                yield new UpdateFn.Add(column, r.longValue("Add.delta"));
            }
            case FN_SET_FIELD -> new UpdateFn.SetField(readColumn(r, "SetField.column"), readDatumField(r, VALUE, "SetField.value"));
            case FN_APPEND -> new UpdateFn.Append(readColumn(r, "Append.column"), readDatumField(r, ELEMENT, "Append.element"));
            default -> throw r.violation("UpdateFn kind " + kind + " is unknown");
        };
        r.endObject("UpdateFn");
        return fn;
    }

    public static void writeCondition(WireWriter w, Condition condition) throws IOException {
        w.beginObject();
        w.field(KIND);
        if (condition instanceof Condition.Exists) {
            w.intValue(COND_EXISTS);
        } else if (condition instanceof Condition.Absent) {
            w.intValue(COND_ABSENT);
        } else if (condition instanceof Condition.Compare compare) {
            w.intValue(COND_COMPARE);
            writeColumn(w, compare.column(), "Compare.column");
            w.field(OP);
            w.intValue(COMPARISONS.code(WireWriter.required(compare.op(), "Compare.op")));
            writeDatumField(w, VALUE, compare.value(), "Compare.value");
        } else if (condition instanceof Condition.Unchanged unchanged) {
            w.intValue(COND_UNCHANGED);
            writeDigest(w, WireWriter.required(unchanged.digest(), "Unchanged.digest"));
        } else {
            throw unknownType(condition);
        }
        w.endObject();
    }

    public static Condition readCondition(WireReader r) throws IOException {
        r.beginObject("Condition");
        r.field(KIND, "Condition.kind");
        int kind = r.intValue("Condition.kind");
        Condition condition = switch (kind) {
            case COND_EXISTS -> new Condition.Exists();
            case COND_ABSENT -> new Condition.Absent();
            case COND_COMPARE -> {
                String column = readColumn(r, "Compare.column");
                r.field(OP, "Compare.op");
                Condition.Comparison op = COMPARISONS.constant(r.intValue("Compare.op"));
                yield new Condition.Compare(column, op, readDatumField(r, VALUE, "Compare.value"));
            }
            case COND_UNCHANGED -> new Condition.Unchanged(readDigest(r, "Unchanged.digest"));
            default -> throw r.violation("Condition kind " + kind + " is unknown");
        };
        r.endObject("Condition");
        return condition;
    }

    private static void writeDigest(WireWriter w, RowDigest digest) throws IOException {
        w.field(DIGEST);
        w.beginTuple();
        w.longValue(digest.high());
        w.longValue(digest.low());
        w.endTuple();
    }

    private static RowDigest readDigest(WireReader r, String what) throws IOException {
        r.field(DIGEST, what);
        r.beginTuple(what);
        long high = r.nextLong(what + ".high");
        long low = r.nextLong(what + ".low");
        r.endTuple(what);
        return new RowDigest(high, low);
    }

    public static void writeResult(WireWriter w, TxnResult result) throws IOException {
        w.beginObject();
        w.field(OUTCOME);
        w.intValue(OUTCOMES.code(result.outcome()));
        w.field(REASON);
        if (result.reason() == null) {
            w.nullValue();
        } else {
            w.string(result.reason(), "TxnResult.reason");
        }
        w.field(READS);
        DataSchema.writeReadResults(w, result.reads());
        w.field(OUTPUTS);
        DataSchema.writeRow(w, result.outputs());
        w.endObject();
    }

    public static TxnResult readResult(WireReader r) throws IOException {
        r.beginObject("TxnResult");
        r.field(OUTCOME, "TxnResult.outcome");
        Outcome outcome = OUTCOMES.constant(r.intValue("TxnResult.outcome"));
        String reason = r.nullableField(REASON, "TxnResult.reason") ? r.string("TxnResult.reason") : null;
        r.field(READS, "TxnResult.reads");
        List<ReadResult> reads = DataSchema.readReadResults(r, "TxnResult.reads");
        r.field(OUTPUTS, "TxnResult.outputs");
        Row outputs = DataSchema.readRow(r);
        r.endObject("TxnResult");
        return new TxnResult(outcome, reason, reads, outputs);
    }

    private static void writeColumn(WireWriter w, String column, String what) throws IOException {
        w.field(COLUMN);
        w.string(column, what);
    }

    private static String readColumn(WireReader r, String what) throws IOException {
        r.field(COLUMN, what);
        return r.string(what);
    }

    private static void writeDatumField(WireWriter w, SerializableString name, Datum value, String what)
            throws IOException {
        w.field(name);
        DataSchema.writeDatum(w, WireWriter.required(value, what));
    }

    private static Datum readDatumField(WireReader r, SerializableString name, String what) throws IOException {
        r.field(name, what);
        return DataSchema.readDatum(r);
    }

    private static SchemaViolation unknownType(Object value) {
        return new SchemaViolation(value == null ? "a required value is null"
                : value.getClass().getName() + " has no wire tag");
    }
}
