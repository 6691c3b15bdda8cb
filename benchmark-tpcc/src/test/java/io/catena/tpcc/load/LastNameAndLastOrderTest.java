package io.catena.tpcc.load;

import static io.catena.tpcc.load.TpccLoaderTest.prefixed;
import static io.catena.tpcc.load.TpccLoaderTest.rowsOf;
import static org.assertj.core.api.Assertions.assertThat;

import io.catena.core.data.ChainKey;
import io.catena.core.data.Datum;
import io.catena.core.data.Row;
import io.catena.core.data.RowWrite;
import io.catena.tpcc.TpccRandom;
import io.catena.tpcc.TpccScale;
import io.catena.tpcc.TpccSchema;
import io.catena.tpcc.TpccSchema.Customer;
import io.catena.tpcc.TpccSchema.LastOrder;
import io.catena.tpcc.TpccSchema.Order;
import io.catena.tpcc.TpccSchema.OrderLine;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import org.junit.jupiter.api.Test;

/**
 * The rows the load derives from others: the last-name index and each customer's last order. A
 * district of 3,000 customers, so that the 2,000 beyond the first 1,000 share last names.
 */
class LastNameAndLastOrderTest {

    private static final TpccScale SCALE = new TpccScale(1, 1, 3_000, 100);
    private static final long LOAD_DATE = 1_600_000_000_000L;
    private static final SortedMap<ChainKey, List<RowWrite>> DB = new TpccLoader(SCALE, 11, LOAD_DATE).load();
    private static final SortedMap<String, Row> CUSTOMERS = rowsOf(DB.get(TpccSchema.customers(1, 1)));
    private static final SortedMap<String, Row> DISTRICT = rowsOf(DB.get(TpccSchema.district(1, 1)));

    @Test
    void theIndexListsEveryCustomerOnceUnderItsLastNameInOrderOfFirstName() {
        Set<Long> seen = new HashSet<>();
        int sharedNames = 0;
        for (Map.Entry<String, Row> e : prefixed(CUSTOMERS, TpccSchema.LAST_NAME_PREFIX).entrySet()) {
            String last = e.getKey().substring(TpccSchema.LAST_NAME_PREFIX.length());
            assertThat(e.getValue().columns()).containsOnlyKeys(Customer.IDS_BY_FIRST);
            List<Datum> ids = ((Datum.Seq) e.getValue().getOrNull(Customer.IDS_BY_FIRST)).values();
            sharedNames += ids.size() > 1 ? 1 : 0;
            String previousFirst = "";
            long previousId = 0;
            for (Datum id : ids) {
                long c = ((Datum.Int64) id).value();
                assertThat(seen.add(c)).as("customer %d indexed once", c).isTrue();
                Row customer = CUSTOMERS.get(TpccSchema.customer((int) c));
                assertThat(customer.getOrNull(Customer.LAST)).isEqualTo(Datum.of(last));
                String first = ((Datum.Text) customer.getOrNull(Customer.FIRST)).value();
                assertThat(first.compareTo(previousFirst) > 0 || first.equals(previousFirst) && c > previousId)
                        .as("customer %d (%s) after customer %d (%s)", c, first, previousId, previousFirst).isTrue();
                previousFirst = first;
                previousId = c;
            }
        }
        assertThat(seen).hasSize(3_000);
        assertThat(sharedNames).as("names borne by several customers").isGreaterThan(100);
        assertThat(prefixed(CUSTOMERS, TpccSchema.LAST_NAME_PREFIX)).hasSize(1_000);
    }

    @Test
    void lastNamesBeyondTheFirstThousandAreDrawnNonUniformly() {
        int[] bearers = new int[1_000];
        for (int c = 1_001; c <= 3_000; c++) {
            String last = ((Datum.Text) CUSTOMERS.get(TpccSchema.customer(c)).getOrNull(Customer.LAST)).value();
            for (int n = 0; n < 1_000; n++) {
                if (TpccRandom.lastName(n).equals(last)) {
                    bearers[n]++;
                }
            }
        }
        int most = 0;
        for (int b : bearers) {
            most = Math.max(most, b);
        }
        // NURand(255, 0, 999) favours some names: uniformly, 2,000 draws would put about 2 on each.
        assertThat(most).isGreaterThan(6);
        assertThat(CUSTOMERS.get(TpccSchema.customer(1_000)).getOrNull(Customer.LAST))
                .isEqualTo(Datum.of(TpccRandom.lastName(999)));
    }

    @Test
    void eachCustomersLastOrderRowRepeatsItsOrderAndLines() {
        int checked = 0;
        for (Map.Entry<String, Row> e : prefixed(DISTRICT, TpccSchema.ORDER_PREFIX).entrySet()) {
            Row order = e.getValue();
            long oId = order.getLong(Order.ID, -1);
            Row last = DISTRICT.get(TpccSchema.lastOrder((int) order.getLong(Order.C_ID, -1)));
            assertThat(last.getLong(Order.ID, -1)).isEqualTo(oId);
            assertThat(last.getOrNull(Order.ENTRY_D)).isEqualTo(Datum.of(LOAD_DATE));
            assertThat(last.getOrNull(Order.CARRIER_ID)).isEqualTo(order.getOrNull(Order.CARRIER_ID));
            List<Datum> items = new ArrayList<>();
            List<Datum> supply = new ArrayList<>();
            List<Datum> quantities = new ArrayList<>();
            List<Datum> amounts = new ArrayList<>();
            for (Row line : prefixed(DISTRICT, TpccSchema.linesOf(oId)).values()) {
                assertThat(last.getOrNull(OrderLine.DELIVERY_D)).isEqualTo(line.getOrNull(OrderLine.DELIVERY_D));
                items.add(line.getOrNull(OrderLine.I_ID));
                supply.add(line.getOrNull(OrderLine.SUPPLY_W_ID));
                quantities.add(line.getOrNull(OrderLine.QUANTITY));
                amounts.add(line.getOrNull(OrderLine.AMOUNT));
            }
            assertThat(items).hasSize((int) order.getLong(Order.OL_CNT, -1));
            assertThat(last.getOrNull(LastOrder.ITEM_IDS)).isEqualTo(Datum.of(items));
            assertThat(last.getOrNull(LastOrder.SUPPLY_W_IDS)).isEqualTo(Datum.of(supply));
            assertThat(last.getOrNull(LastOrder.QUANTITIES)).isEqualTo(Datum.of(quantities));
            assertThat(last.getOrNull(LastOrder.AMOUNTS)).isEqualTo(Datum.of(amounts));
            checked++;
        }
        assertThat(checked).isEqualTo(3_000);
        assertThat(prefixed(DISTRICT, TpccSchema.LAST_ORDER_PREFIX)).hasSize(3_000);
    }
}
