package io.catena.tpcc.check;

import io.catena.core.data.Datum;
import io.catena.core.data.Row;
import io.catena.tpcc.TpccSchema;
import io.catena.tpcc.TpccSchema.Customer;
import java.util.List;
import java.util.Objects;
import java.util.SortedMap;

/**
 * Condition 13, ours: the copies this layout keeps agree with what they copy. Each customer has
 * a row; the district's copy of its C_DISCOUNT, C_LAST and C_CREDIT equals the row's; its
 * last-order row shows its newest order with that order's lines ({@link LastOrderMatch}).
 */
final class CopyConditions {

    private static final List<String> COPIED = List.of(Customer.DISCOUNT, Customer.LAST, Customer.CREDIT);

    private CopyConditions() {
    }

    static void check(DistrictOrders district, SortedMap<String, Row> customers, CustomerOrders orders,
                      int customerCount, Findings findings) {
        DistrictId id = district.id();
        findings.checked(TpccCondition.COPIES_MATCH, customerCount);
        for (int c = 1; c <= customerCount; c++) {
            String problem = problemOf(c, district, customers.get(TpccSchema.customer(c)), orders);
            if (problem != null) {
                findings.violated(TpccCondition.COPIES_MATCH, id + " customer " + c + ": " + problem);
            }
        }
        for (long c : district.lastOrders().keySet()) {
            if (c < 1 || c > customerCount) {
                findings.violated(TpccCondition.COPIES_MATCH, id + ": a last-order row names customer " + c
                        + ", who is not one of the district's " + customerCount);
            }
        }
        for (long c : district.customerCopies().keySet()) {
            if (c < 1 || c > customerCount) {
                findings.violated(TpccCondition.COPIES_MATCH, id + ": a customer copy names customer " + c
                        + ", who is not one of the district's " + customerCount);
            }
        }
    }

    /** What is wrong with customer {@code c}'s copies, in a phrase, or null if nothing is. */
    private static String problemOf(int c, DistrictOrders district, Row customer, CustomerOrders orders) {
        if (customer == null) {
            return "the customer has no row";
        }
        Row copy = district.customerCopies().get((long) c);
        if (copy == null) {
            return "the district holds no copy of the customer's columns";
        }
        for (String column : COPIED) {
            Datum copied = copy.getOrNull(column);
            Datum original = customer.getOrNull(column);
            if (!Objects.equals(copied, original)) {
                return "the district's copy has " + column + " = " + RowNumbers.show(copied)
                        + " but the customer row has " + RowNumbers.show(original);
            }
        }
        long newest = orders.newestOrder(c);
        Row last = district.lastOrders().get((long) c);
        if (newest == 0) {
            return last == null ? null : "the customer has a last-order row but no order";
        }
        if (last == null) {
            return "the customer has no last-order row, though its newest order is " + newest;
        }
        return LastOrderMatch.problem(last, newest, district.orders().get(newest), district.linesOf(newest));
    }
}
