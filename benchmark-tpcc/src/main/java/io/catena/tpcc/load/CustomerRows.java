package io.catena.tpcc.load;

import io.catena.core.data.Datum;
import io.catena.core.data.Row;
import io.catena.core.data.RowWrite;
import io.catena.tpcc.TpccRandom;
import io.catena.tpcc.TpccScale;
import io.catena.tpcc.TpccSchema;
import io.catena.tpcc.TpccSchema.Customer;
import io.catena.tpcc.TpccSchema.History;

/**
 * A district's customers as clause 4.3.3.1 loads them, each with the one payment of 10.00 that
 * explains its balance of -10.00: the CUSTOMER row, the district's copy of its discount, last name
 * and credit, its HISTORY row (numbered by customer id), and the last-name index.
 */
final class CustomerRows {

    /** H_AMOUNT and C_YTD_PAYMENT as loaded: 10.00. */
    static final long PAYMENT_CENTS = 1_000;

    private static final Datum MIDDLE = Datum.of("OE");
    private static final Datum GOOD_CREDIT = Datum.of("GC");
    private static final Datum BAD_CREDIT = Datum.of("BC");
    private static final Datum CREDIT_LIMIT = Datum.of(5_000_000L);
    private static final Datum BALANCE = Datum.of(-PAYMENT_CENTS);
    /** The 1,000 last names, each one datum however many customers bear it. */
    private static final Datum[] LAST_NAMES = new Datum[1_000];

    static {
        for (int n = 0; n < LAST_NAMES.length; n++) {
            LAST_NAMES[n] = Datum.of(TpccRandom.lastName(n));
        }
    }

    private CustomerRows() {
    }

    static void addTo(DistrictPartitions rows, int w, int d, LoadParameters load, TpccRandom random) {
        TpccScale scale = load.scale();
        LastNameIndex index = new LastNameIndex();
        for (int c = 1; c <= scale.customersPerDistrict(); c++) {
            // The first customers take every last name once, in order; the rest draw theirs.
            int number = c <= scale.lastNameNumbers() ? c - 1
                    : random.nuRand(255, 0, scale.lastNameNumbers() - 1, load.lastNameConstant());
            String first = random.aString(8, 16);
            Datum credit = random.percent(10) ? BAD_CREDIT : GOOD_CREDIT;
            Datum discount = SharedNumbers.of(random.uniform(0, 5_000));
            RowBuilder customer = new RowBuilder().put(Customer.ID, c)
                    .put(Customer.FIRST, first)
                    .put(Customer.MIDDLE, MIDDLE)
                    .put(Customer.LAST, LAST_NAMES[number]);
            AddressColumns.CUSTOMER.draw(customer, random);
            customer.put(Customer.PHONE, random.nString(16, 16))
                    .put(Customer.SINCE, load.loadDate())
                    .put(Customer.CREDIT, credit)
                    .put(Customer.CREDIT_LIM, CREDIT_LIMIT)
                    .put(Customer.DISCOUNT, discount)
                    .put(Customer.BALANCE, BALANCE)
                    .put(Customer.YTD_PAYMENT, PAYMENT_CENTS)
                    .put(Customer.PAYMENT_CNT, 1)
                    .put(Customer.DELIVERY_CNT, 0)
                    .put(Customer.DATA, random.aString(300, 500));
            rows.customers().add(RowWrite.put(TpccSchema.customer(c), customer.build()));
            rows.district().add(RowWrite.put(TpccSchema.customerCopy(c), new RowBuilder()
                    .put(Customer.DISCOUNT, discount)
                    .put(Customer.LAST, LAST_NAMES[number])
                    .put(Customer.CREDIT, credit)
                    .build()));
            rows.ytd().add(RowWrite.put(TpccSchema.history(c), history(c, d, w, load, random)));
            index.add(TpccRandom.lastName(number), first, c);
        }
        index.addTo(rows.customers());
    }

    private static Row history(int c, int d, int w, LoadParameters load, TpccRandom random) {
        return new RowBuilder().put(History.C_ID, c)
                .put(History.C_D_ID, d)
                .put(History.C_W_ID, w)
                .put(History.DATE, load.loadDate())
                .put(History.AMOUNT, PAYMENT_CENTS)
                .put(History.DATA, random.aString(12, 24))
                .build();
    }
}
