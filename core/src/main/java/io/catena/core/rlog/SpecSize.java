package io.catena.core.rlog;

import io.catena.core.data.Row;
import io.catena.core.txn.Op;
import io.catena.core.txn.TxnSpec;

/** Approximate encoded size of a transaction spec, for accounting. */
final class SpecSize {

    private SpecSize() {
    }

    static int of(TxnSpec spec) {
        if (spec instanceof TxnSpec.ProcedureCall call) {
            return call.name().length() + 8 + call.args().sizeBytes();
        }
        int size = 4;
        for (Op op : ((TxnSpec.AdHoc) spec).ops()) {
            size += 8 + op.key().chainKey().sizeBytes() + op.key().clustering().length();
            if (op instanceof Op.Write w) {
                size += w.row().sizeBytes();
            } else if (op instanceof Op.Insert i) {
                size += i.row().sizeBytes();
            } else if (op instanceof Op.CheckPartition) {
                size += 16;
            } else if (!(op instanceof Op.Read) && !(op instanceof Op.Delete)) {
                size += 16;
            }
        }
        return size;
    }

    static int of(Row row) {
        return row.sizeBytes();
    }
}
