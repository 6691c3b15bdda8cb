package io.catena.tpcc.procedure;

import io.catena.core.data.Datum;
import io.catena.core.data.Row;
import io.catena.core.procedure.HopContext;
import io.catena.tpcc.TpccSchema;
import io.catena.tpcc.TpccSchema.Customer;
import java.util.List;

/**
 * Clause 2.5.2.2's choice of a customer by last name: of the customers with that name, sorted by
 * first name, the one at position ceil(n / 2). Payment and OrderStatus both use it.
 */
public final class CustomerByName {

    private CustomerByName() {
    }

    /** The chosen customer's id among the index row's ids, or -1 if the row is null or empty. */
    public static int choose(Row index) {
        if (index == null) {
            return -1;
        }
        Datum ids = index.getOrNull(Customer.IDS_BY_FIRST);
        if (!(ids instanceof Datum.Seq seq) || seq.values().isEmpty()) {
            return -1;
        }
        List<Datum> values = seq.values();
        // Position ceil(n / 2), counted from 1.
        Datum chosen = values.get((values.size() + 1) / 2 - 1);
        if (chosen instanceof Datum.Int64 id) {
            return (int) id.value();
        }
        throw new IllegalStateException("the last-name index holds " + chosen + ", not a customer id");
    }

    static int find(HopContext ctx, String last) {
        return choose(ctx.read(TpccSchema.lastName(last)));
    }
}
