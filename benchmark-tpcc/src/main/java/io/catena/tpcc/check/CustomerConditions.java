package io.catena.tpcc.check;

import io.catena.core.data.Row;
import io.catena.tpcc.TpccSchema;
import io.catena.tpcc.TpccSchema.Customer;
import java.util.SortedMap;

/** Conditions 10 and 12: each customer's balance against its delivered lines and its payments. */
final class CustomerConditions {

    private CustomerConditions() {
    }

    /**
     * Checks every customer row of the district; a missing row is condition 13's to report.
     *
     * @param customers the district's customers partition
     */
    static void check(DistrictId id, SortedMap<String, Row> customers, CustomerOrders orders, PaymentLedger ledger,
                      int customerCount, Findings findings) {
        for (int c = 1; c <= customerCount; c++) {
            Row row = customers.get(TpccSchema.customer(c));
            if (row == null) {
                continue;
            }
            findings.checked(TpccCondition.BALANCE_IS_DELIVERED_MINUS_PAID, 1);
            findings.checked(TpccCondition.BALANCE_PLUS_PAYMENTS_IS_DELIVERED, 1);
            String who = id + " customer " + c + ": ";
            Long balance = RowNumbers.of(row, Customer.BALANCE);
            Long ytd = RowNumbers.of(row, Customer.YTD_PAYMENT);
            long delivered = orders.deliveredAmount(c);
            long paid = ledger.paidBy(id, c);
            if (balance == null) {
                findings.violated(TpccCondition.BALANCE_IS_DELIVERED_MINUS_PAID, who + "no C_BALANCE");
            } else if (balance != delivered - paid) {
                findings.violated(TpccCondition.BALANCE_IS_DELIVERED_MINUS_PAID, who + "C_BALANCE = " + balance
                        + " but sum(delivered OL_AMOUNT) - sum(H_AMOUNT) = " + delivered + " - " + paid + " = "
                        + (delivered - paid));
            }
            if (balance == null || ytd == null) {
                findings.violated(TpccCondition.BALANCE_PLUS_PAYMENTS_IS_DELIVERED, who + "C_BALANCE = "
                        + RowNumbers.show(balance) + ", C_YTD_PAYMENT = " + RowNumbers.show(ytd));
            } else if (balance + ytd != delivered) {
                findings.violated(TpccCondition.BALANCE_PLUS_PAYMENTS_IS_DELIVERED, who + "C_BALANCE + C_YTD_PAYMENT = "
                        + balance + " + " + ytd + " = " + (balance + ytd) + " but sum(delivered OL_AMOUNT) = "
                        + delivered);
            }
        }
    }
}
