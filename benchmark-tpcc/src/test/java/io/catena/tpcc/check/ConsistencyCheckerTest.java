package io.catena.tpcc.check;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.catena.core.data.ChainKey;
import io.catena.core.data.Row;
import io.catena.core.data.Version;
import io.catena.core.spi.StorageEngine;
import io.catena.tpcc.TpccScale;
import io.catena.tpcc.TpccSchema;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A freshly loaded store, and one after correct transactions, meet every condition that applies. */
class ConsistencyCheckerTest {

    static final TpccScale SCALE = new TpccScale(2, 3, 30, 100);

    private final LoadedStore store = new LoadedStore(SCALE, 5);

    @AfterEach
    void close() {
        store.close();
    }

    static Set<Integer> failed(ConsistencyReport report) {
        return report.failures().stream().map(ConditionResult::number).collect(Collectors.toSet());
    }

    @Test
    void aFreshLoadPassesAllThirteenConditions() {
        ConsistencyReport report = new ConsistencyChecker(store.engine, SCALE).check(false);

        assertThat(report.allPassed()).as(report.toString()).isTrue();
        assertThat(report.results()).hasSize(13)
                .allSatisfy(r -> assertThat(r.status()).isEqualTo(ConditionStatus.PASSED));
        assertThat(report.results()).extracting(ConditionResult::number)
                .containsExactly(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13);
        assertThat(report.result(TpccCondition.WAREHOUSE_YTD_IS_SUM_OF_DISTRICTS).checked()).isEqualTo(2);
        assertThat(report.result(TpccCondition.UNDELIVERED_AT_LOAD).checked()).isEqualTo(6);
        assertThat(report.result(TpccCondition.CARRIER_EXACTLY_WHEN_DELIVERED).checked()).isEqualTo(180);
        assertThat(report.result(TpccCondition.BALANCE_IS_DELIVERED_MINUS_PAID).checked()).isEqualTo(180);
        assertThat(report.result(TpccCondition.COPIES_MATCH).checked()).isEqualTo(180);
        assertThat(report.result(TpccCondition.DELIVERY_DATE_EXACTLY_WITH_CARRIER).checked())
                .isEqualTo(lineCount()).isGreaterThan(180 * 5);
    }

    @Test
    void onceDeliveriesMayHaveRunConditionElevenIsNotApplicable() {
        ConsistencyReport report = new ConsistencyChecker(store.engine, SCALE, 1).check(true);

        ConditionResult eleven = report.result(TpccCondition.UNDELIVERED_AT_LOAD);
        assertThat(eleven.status()).isEqualTo(ConditionStatus.NOT_APPLICABLE);
        assertThat(eleven.checked()).isZero();
        assertThat(report.allPassed()).isTrue();
        assertThat(report.results()).filteredOn(r -> r.status() == ConditionStatus.PASSED).hasSize(12);
        assertThat(report.toString()).contains("11 count(ORDER) - count(NEW-ORDER) = orders delivered at load: "
                + "NOT_APPLICABLE");
    }

    @Test
    void correctNewOrdersPaymentsAndDeliveriesKeepEveryConditionButEleven() {
        long placed = Transactions.newOrder(store, 1, 2, 7, 6, true);
        Transactions.newOrder(store, 1, 2, 7, 4, true);
        Transactions.payment(store, 1, 3, 1, 3, 9, 12_345);
        Transactions.payment(store, 2, 1, 1, 2, 7, 2_000);
        for (int i = 0; i < 3; i++) {
            Transactions.deliverOldest(store, 1, 2, 4);
        }
        ConsistencyChecker checker = new ConsistencyChecker(store.engine, SCALE);

        assertThat(placed).isEqualTo(31);
        assertThat(checker.check(true).allPassed()).as(checker.check(true).toString()).isTrue();
        ConsistencyReport strict = checker.check(false);
        assertThat(failed(strict)).containsExactly(11);
        assertThat(strict.result(TpccCondition.UNDELIVERED_AT_LOAD).firstViolations())
                .containsExactly("warehouse 1 district 2: count(ORDER) - count(NEW-ORDER) = 32 - 8 = 24, not 21");
    }

    @Test
    void deliveringEveryOrderLeavesNoNewOrderRowsAndStillPasses() {
        for (int i = 0; i < 9; i++) {
            Transactions.deliverOldest(store, 2, 3, 1 + i);
        }
        SortedMap<String, Row> district = store.partition(TpccSchema.district(2, 3));
        assertThat(district.subMap(TpccSchema.NEW_ORDER_PREFIX, TpccSchema.prefixEnd(TpccSchema.NEW_ORDER_PREFIX)))
                .isEmpty();

        assertThat(new ConsistencyChecker(store.engine, SCALE).check(true).allPassed()).isTrue();
    }

    @Test
    void aStoreLoadedAtAnotherScaleIsRefusedInOneSentence() {
        TpccScale bigger = new TpccScale(3, 3, 30, 100);
        assertThatThrownBy(() -> new ConsistencyChecker(store.engine, bigger).check(false))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("the store has no partition tpcc_warehouse_ytd/3, which a load at")
                .hasMessageContaining("check it at the scale it was loaded with");
        TpccScale smaller = new TpccScale(2, 2, 30, 100);
        assertThatThrownBy(() -> new ConsistencyChecker(store.engine, smaller).check(false))
                .hasMessageStartingWith(
                        "the store holds partition tpcc_district/1-3 and 1 more of table tpcc_district");
    }

    @Test
    void aSourceThatCannotListIsProbedForItsScaleInstead() {
        PartitionSource unlisted = new PartitionSource() {
            @Override
            public CompletionStage<SortedMap<String, Row>> read(ChainKey key) {
                return store.engine.readPartition(key, Version.MAX);
            }

            @Override
            public Optional<CompletionStage<List<ChainKey>>> keys(String table) {
                return Optional.empty();
            }
        };
        assertThat(new ConsistencyChecker(unlisted, SCALE, 4).check(false).allPassed()).isTrue();
        assertThatThrownBy(() -> new ConsistencyChecker(unlisted, new TpccScale(3, 3, 30, 100), 4).check(false))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageStartingWith("the region has no rows in partition tpcc_warehouse_ytd/3 nor in 3 more, "
                        + "which a load at");
        assertThatThrownBy(() -> new ConsistencyChecker(unlisted, new TpccScale(2, 2, 30, 100), 4).check(false))
                .hasMessageStartingWith("the region holds partition tpcc_district_ytd/1-3, which a load at");
        assertThatThrownBy(() -> new ConsistencyChecker(unlisted, new TpccScale(2, 3, 20, 100), 4).check(false))
                .hasMessageStartingWith("district 1 of warehouse 1 has 30 customers where a load at");
    }

    @Test
    void aFailedReadStopsTheCheckNamingThePartition() {
        ChainKey broken = TpccSchema.district(2, 1);
        StorageEngine failing = new InterceptedReads(store.engine, (key, read) -> key.equals(broken)
                ? CompletableFuture.failedFuture(new IllegalStateException("disk on fire")) : read);

        assertThatThrownBy(() -> new ConsistencyChecker(failing, SCALE).check(false))
                .isInstanceOf(StoreReadException.class)
                .hasMessage("the consistency check could not read partition tpcc_district/2-1 from the store "
                        + "(disk on fire); nothing was judged, run the check again once the store answers");
    }

    @Test
    void aClosedStoreCannotBeListed() {
        store.close();
        assertThatThrownBy(() -> new ConsistencyChecker(store.engine, SCALE).check(false))
                .isInstanceOf(StoreReadException.class)
                .hasMessageContaining("could not read the keys of table tpcc_warehouse_ytd")
                .hasMessageContaining("storage engine is closed");
    }

    private long lineCount() {
        long lines = 0;
        for (int w = 1; w <= 2; w++) {
            for (int d = 1; d <= 3; d++) {
                lines += store.partition(TpccSchema.district(w, d))
                        .subMap(TpccSchema.LINE_PREFIX, TpccSchema.prefixEnd(TpccSchema.LINE_PREFIX)).size();
            }
        }
        return lines;
    }
}
