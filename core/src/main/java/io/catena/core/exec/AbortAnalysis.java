package io.catena.core.exec;

import io.catena.core.txn.Op;
import io.catena.core.txn.TxnPlan;
import io.catena.core.txn.TxnSpec;
import io.catena.core.txn.UpdateFn;

/**
 * Which hops of a transaction could still abort it. Reads, blind writes, deletes and setting a
 * field never fail; checks and inserts may, adding may overflow and appending may meet a column
 * that is not a list; procedure code may abort anywhere. Used to release a decided hop's writes to
 * later transactions before the whole chain has run: once no later hop can abort, they are final.
 */
public final class AbortAnalysis {

    private AbortAnalysis() {
    }

    /** Whether any hop after {@code hop} could abort the transaction. */
    public static boolean mayAbortAfter(TxnSpec spec, TxnPlan plan, int hop) {
        if (!(spec instanceof TxnSpec.AdHoc adHoc)) {
            return hop < plan.size() - 1;
        }
        for (Op op : adHoc.ops()) {
            int index = plan.indexOf(op.key().chainKey());
            if (index > hop && mayAbort(op)) {
                return true;
            }
        }
        return false;
    }

    private static boolean mayAbort(Op op) {
        if (op instanceof Op.Check || op instanceof Op.CheckPartition || op instanceof Op.Insert) {
            return true;
        }
        if (op instanceof Op.Update u) {
            return !(u.fn() instanceof UpdateFn.SetField);
        }
        return false;
    }
}
