package io.catena.tpcc.load;

import io.catena.core.data.Datum;
import io.catena.core.data.Row;
import io.catena.core.data.RowWrite;
import io.catena.tpcc.TpccSchema;
import io.catena.tpcc.TpccSchema.Customer;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A district's last-name index as it is built: the customers of each last name, to be written as
 * one row per name with their ids in order of first name, then id ({@link TpccSchema#lastName}).
 */
final class LastNameIndex {

    private static final Comparator<Named> BY_FIRST_THEN_ID =
            Comparator.comparing(Named::first).thenComparingInt(Named::id);

    private final TreeMap<String, List<Named>> byLast = new TreeMap<>();

    void add(String last, String first, int id) {
        byLast.computeIfAbsent(last, k -> new ArrayList<>()).add(new Named(first, id));
    }

    /** Appends one index row per last name, in name order. */
    void addTo(List<RowWrite> customers) {
        for (Map.Entry<String, List<Named>> e : byLast.entrySet()) {
            List<Named> named = e.getValue();
            named.sort(BY_FIRST_THEN_ID);
            List<Datum> ids = new ArrayList<>(named.size());
            for (Named n : named) {
                ids.add(SharedNumbers.of(n.id()));
            }
            customers.add(RowWrite.put(TpccSchema.lastName(e.getKey()), Row.of(Customer.IDS_BY_FIRST, Datum.of(ids))));
        }
    }

    private record Named(String first, int id) {
    }
}
