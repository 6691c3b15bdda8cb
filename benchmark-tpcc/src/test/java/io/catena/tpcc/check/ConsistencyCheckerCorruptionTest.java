package io.catena.tpcc.check;

import static io.catena.tpcc.check.ConsistencyCheckerTest.SCALE;
import static io.catena.tpcc.check.ConsistencyCheckerTest.failed;
import static org.assertj.core.api.Assertions.assertThat;

import io.catena.core.data.ChainKey;
import io.catena.core.data.Datum;
import io.catena.core.data.Row;
import io.catena.tpcc.TpccSchema;
import io.catena.tpcc.TpccSchema.Customer;
import io.catena.tpcc.TpccSchema.District;
import io.catena.tpcc.TpccSchema.LastOrder;
import io.catena.tpcc.TpccSchema.Order;
import io.catena.tpcc.TpccSchema.OrderLine;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * One row corrupted at a time: exactly the conditions it breaks fail, each violation naming its
 * warehouse and district, and the rest still pass.
 */
class ConsistencyCheckerCorruptionTest {

    private final LoadedStore store = new LoadedStore(SCALE, 9);

    @AfterEach
    void close() {
        store.close();
    }

    private ConsistencyReport check(boolean deliveriesMayHaveRun) {
        return new ConsistencyChecker(store.engine, SCALE, 3).check(deliveriesMayHaveRun);
    }

    private static List<String> violationsOf(ConsistencyReport report, TpccCondition condition) {
        return report.result(condition).firstViolations();
    }

    @Test
    void aChangedDistrictYtdBreaksConditionsOneAndNine() {
        store.add(TpccSchema.districtYtd(1, 2), TpccSchema.DISTRICT_YTD_ROW, District.YTD, 500);

        ConsistencyReport report = check(false);
        assertThat(failed(report)).containsExactlyInAnyOrder(1, 9);
        assertThat(violationsOf(report, TpccCondition.WAREHOUSE_YTD_IS_SUM_OF_DISTRICTS))
                .containsExactly("warehouse 1: W_YTD = 90000 but sum(D_YTD) = 90500");
        assertThat(violationsOf(report, TpccCondition.DISTRICT_YTD_IS_SUM_OF_HISTORY))
                .containsExactly("warehouse 1 district 2: D_YTD = 30500 but sum(H_AMOUNT) of its HISTORY rows = 30000");
        assertThat(report.result(TpccCondition.DISTRICT_YTD_IS_SUM_OF_HISTORY).violations()).isEqualTo(1);
        assertThat(report.allPassed()).isFalse();
    }

    @Test
    void aPaymentRecordedOnlyInHistoryBreaksEightNineAndTenOfThePayingCustomer() {
        ChainKey ytd = TpccSchema.districtYtd(1, 1);
        long next = store.row(ytd, TpccSchema.DISTRICT_YTD_ROW).getLong(District.NEXT_H_ID, -1);
        store.put(ytd, TpccSchema.history(next), Transactions.history(2, 3, 5, 700));

        ConsistencyReport report = check(false);
        assertThat(failed(report)).containsExactlyInAnyOrder(8, 9, 10);
        assertThat(violationsOf(report, TpccCondition.WAREHOUSE_YTD_IS_SUM_OF_HISTORY)).singleElement()
                .asString().startsWith("warehouse 1: W_YTD = 90000 but sum(H_AMOUNT)");
        assertThat(violationsOf(report, TpccCondition.BALANCE_IS_DELIVERED_MINUS_PAID)).containsExactly(
                "warehouse 2 district 3 customer 5: C_BALANCE = -1000 but sum(delivered OL_AMOUNT) - sum(H_AMOUNT)"
                        + " = 0 - 1700 = -1700");
    }

    @Test
    void aDeletedOldestNewOrderBreaksConditionFiveAloneOnceDeliveriesMayHaveRun() {
        store.delete(TpccSchema.district(2, 3), TpccSchema.newOrder(22));

        ConsistencyReport report = check(true);
        assertThat(failed(report)).containsExactly(5);
        assertThat(violationsOf(report, TpccCondition.CARRIER_EXACTLY_WHEN_DELIVERED))
                .containsExactly("warehouse 2 district 3: order 22 has neither O_CARRIER_ID nor a NEW-ORDER row");
        assertThat(report.result(TpccCondition.UNDELIVERED_AT_LOAD).status()).isEqualTo(ConditionStatus.NOT_APPLICABLE);
    }

    @Test
    void aDeletedNewOrderInTheMiddleBreaksContiguityAndCountsToo() {
        store.delete(TpccSchema.district(1, 1), TpccSchema.newOrder(25));

        ConsistencyReport report = check(false);
        assertThat(failed(report)).containsExactlyInAnyOrder(3, 5, 11);
        assertThat(violationsOf(report, TpccCondition.NEW_ORDERS_CONTIGUOUS)).containsExactly(
                "warehouse 1 district 1: max(NO_O_ID) - min(NO_O_ID) + 1 = 9 but the district has 8 NEW-ORDER rows");
        assertThat(violationsOf(report, TpccCondition.UNDELIVERED_AT_LOAD)).containsExactly(
                "warehouse 1 district 1: count(ORDER) - count(NEW-ORDER) = 30 - 8 = 22, not 21");
    }

    @Test
    void aChangedNextOrderIdBreaksConditionTwo() {
        store.set(TpccSchema.district(1, 3), TpccSchema.DISTRICT_ROW, District.NEXT_O_ID, 30);

        ConsistencyReport report = check(false);
        assertThat(failed(report)).containsExactly(2);
        assertThat(violationsOf(report, TpccCondition.NEXT_ORDER_ID_FOLLOWS_ORDERS)).containsExactly(
                "warehouse 1 district 3: D_NEXT_O_ID - 1 = 29 but max(O_ID) = 30",
                "warehouse 1 district 3: D_NEXT_O_ID - 1 = 29 but max(NO_O_ID) = 30");
    }

    @Test
    void aChangedLineCountBreaksConditionsFourAndSix() {
        store.add(TpccSchema.district(2, 2), TpccSchema.order(4), Order.OL_CNT, 1);

        ConsistencyReport report = check(false);
        assertThat(failed(report)).containsExactlyInAnyOrder(4, 6);
        assertThat(violationsOf(report, TpccCondition.ORDER_LINE_COUNT)).singleElement().asString()
                .startsWith("warehouse 2 district 2: order 4 has O_OL_CNT = ").endsWith(" lines");
    }

    @Test
    void aRemovedDeliveryDateBreaksConditionSevenAndTheLastOrderCopy() {
        ChainKey district = TpccSchema.district(1, 1);
        Row line = store.row(district, TpccSchema.line(3, 2));
        Row undated = Row.of(line.columns().entrySet().stream()
                .filter(e -> !e.getKey().equals(OrderLine.DELIVERY_D))
                .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue)));
        store.put(district, TpccSchema.line(3, 2), undated);

        ConsistencyReport report = check(false);
        assertThat(failed(report)).containsExactlyInAnyOrder(7, 13);
        assertThat(violationsOf(report, TpccCondition.DELIVERY_DATE_EXACTLY_WITH_CARRIER)).containsExactly(
                "warehouse 1 district 1: line 2 of order 3 has no OL_DELIVERY_D but the order has O_CARRIER_ID");
        assertThat(violationsOf(report, TpccCondition.COPIES_MATCH)).singleElement().asString()
                .startsWith("warehouse 1 district 1 customer ")
                .contains("the last-order row has ol_delivery_d = " + LoadedStore.LOAD_DATE
                        + " but line 2 of order 3 has absent");
    }

    @Test
    void aChangedBalanceBreaksConditionsTenAndTwelve() {
        store.add(TpccSchema.customers(2, 2), TpccSchema.customer(7), Customer.BALANCE, 1);

        ConsistencyReport report = check(false);
        assertThat(failed(report)).containsExactlyInAnyOrder(10, 12);
        assertThat(violationsOf(report, TpccCondition.BALANCE_PLUS_PAYMENTS_IS_DELIVERED)).containsExactly(
                "warehouse 2 district 2 customer 7: C_BALANCE + C_YTD_PAYMENT = -999 + 1000 = 1 but"
                        + " sum(delivered OL_AMOUNT) = 0");
    }

    @Test
    void aChangedCopyOfTheCreditBreaksConditionThirteenAlone() {
        ChainKey district = TpccSchema.district(1, 2);
        Row copy = store.row(district, TpccSchema.customerCopy(11));
        Datum flipped = Datum.of(copy.getOrNull(Customer.CREDIT).equals(Datum.of("GC")) ? "BC" : "GC");
        store.put(district, TpccSchema.customerCopy(11), copy.with(Customer.CREDIT, flipped));

        ConsistencyReport report = check(false);
        assertThat(failed(report)).containsExactly(13);
        assertThat(violationsOf(report, TpccCondition.COPIES_MATCH)).singleElement().asString()
                .startsWith("warehouse 1 district 2 customer 11: the district's copy has c_credit = " + flipped);
    }

    @Test
    void aLastOrderRowWithWrongAmountsOrAnOlderOrderBreaksConditionThirteen() {
        ChainKey district = TpccSchema.district(2, 1);
        Row last = store.row(district, TpccSchema.lastOrder(3));
        List<Datum> amounts = ((Datum.Seq) last.getOrNull(LastOrder.AMOUNTS)).values();
        store.put(district, TpccSchema.lastOrder(3), last.with(LastOrder.AMOUNTS,
                Datum.of(List.of(Datum.of(amounts.size())))));
        Transactions.newOrder(store, 2, 1, 4, 5, false);

        ConsistencyReport report = check(false);
        assertThat(failed(report)).containsExactly(13);
        assertThat(violationsOf(report, TpccCondition.COPIES_MATCH)).hasSize(2);
        assertThat(violationsOf(report, TpccCondition.COPIES_MATCH).get(0))
                .startsWith("warehouse 2 district 1 customer 3: the last-order row lists 1 ol_amounts but order ");
        assertThat(violationsOf(report, TpccCondition.COPIES_MATCH).get(1))
                .startsWith("warehouse 2 district 1 customer 4: the last-order row shows order ")
                .endsWith(" but the newest order is 31");
    }

    @Test
    void readsCompletingLateOnOtherThreadsAndOutOfOrderGiveTheSameReport() {
        store.add(TpccSchema.customers(1, 1), TpccSchema.customer(2), Customer.BALANCE, 5);
        store.add(TpccSchema.customers(2, 3), TpccSchema.customer(30), Customer.BALANCE, 5);
        store.add(TpccSchema.districtYtd(2, 2), TpccSchema.DISTRICT_YTD_ROW, District.YTD, 5);
        store.delete(TpccSchema.district(1, 2), TpccSchema.newOrder(23));
        store.delete(TpccSchema.district(2, 1), TpccSchema.newOrder(30));
        long seed = 20_261_126;
        SplittableRandom delays = new SplittableRandom(seed);
        InterceptedReads late = new InterceptedReads(store.engine, (key, read) -> read.thenApplyAsync(rows -> rows,
                CompletableFuture.delayedExecutor(delays.nextInt(5), TimeUnit.MILLISECONDS)));

        ConsistencyReport inOrder = new ConsistencyChecker(store.engine, SCALE, 1).check(false);
        ConsistencyReport outOfOrder = new ConsistencyChecker(late, SCALE, 8).check(false);

        assertThat(failed(inOrder)).as("delay seed %d", seed).containsExactlyInAnyOrder(1, 2, 3, 5, 9, 10, 11, 12);
        assertThat(outOfOrder.toString()).as("delay seed %d", seed).isEqualTo(inOrder.toString());
    }
}
