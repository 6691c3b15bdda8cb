package io.catena.core.txn;

import io.catena.core.data.Row;
import java.util.List;

/**
 * A read-write transaction as data, shipped to every region: either an ad-hoc list of operations
 * on keys named up front, or a call of a registered procedure.
 */
public sealed interface TxnSpec permits TxnSpec.AdHoc, TxnSpec.ProcedureCall {

    /** Ad-hoc operations. Hops follow the order in which chain keys first appear. */
    record AdHoc(List<Op> ops) implements TxnSpec {
        public AdHoc {
            ops = List.copyOf(ops);
        }
    }

    /** A call of procedure {@code name} at {@code version} with named arguments. */
    record ProcedureCall(String name, int version, Row args) implements TxnSpec {
        public ProcedureCall {
            if (name == null || name.isEmpty()) {
                throw new IllegalArgumentException("a procedure call names its procedure");
            }
            if (args == null) {
                args = Row.EMPTY;
            }
        }
    }
}
