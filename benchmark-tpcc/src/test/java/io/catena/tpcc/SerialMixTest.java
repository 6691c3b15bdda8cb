package io.catena.tpcc;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.core.data.Version;
import io.catena.storage.memory.MemoryStorageEngine;
import io.catena.tpcc.check.ConsistencyChecker;
import io.catena.tpcc.check.ConsistencyReport;
import io.catena.tpcc.load.TpccLoader;
import java.util.EnumMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The standard mix run serially, transaction after transaction, keeps every consistency condition:
 * the procedures and the read-only transactions against the checker, with no protocol in between.
 */
class SerialMixTest {

    private static final TpccScale SCALE = new TpccScale(2, 4, 30, 300);
    private static final long DATE = 1_767_225_600_000L;

    @Test
    void twoThousandTransactionsOfTheStandardMixKeepEveryCondition() {
        long seed = 11;
        MemoryStorageEngine store = new MemoryStorageEngine();
        new TpccLoader(SCALE, seed, DATE).load().forEach((key, rows) ->
                store.apply(key, Version.of(0, 1), rows).toCompletableFuture().join());
        SerialTpcc db = new SerialTpcc(store);
        TpccRandom random = new TpccRandom(seed);
        TpccMix mix = TpccMix.standard();
        Map<TpccTransaction, Integer> ran = new EnumMap<>(TpccTransaction.class);
        int rolledBack = 0;
        for (int i = 0; i < 2_000; i++) {
            TpccInputs inputs = new TpccInputs(SCALE, random.uniform(1, SCALE.warehouses()), random);
            TpccTransaction t = mix.next(random);
            long now = DATE + 1_000L * i;
            SerialTpcc.Result r = switch (t) {
                case NEW_ORDER -> db.call(inputs.newOrder(now));
                case PAYMENT -> db.call(inputs.payment(now));
                case DELIVERY -> db.call(inputs.delivery(now));
                case ORDER_STATUS -> {
                    assertThat(inputs.orderStatus().run(db).orderId()).isPositive();
                    yield null;
                }
                case STOCK_LEVEL -> {
                    assertThat(inputs.stockLevel().run(db)).isBetween(0, 300);
                    yield null;
                }
            };
            if (r != null && !r.committed()) {
                assertThat(t).as(r.abortReason()).isEqualTo(TpccTransaction.NEW_ORDER);
                rolledBack++;
            }
            ran.merge(t, 1, Integer::sum);
        }

        ConsistencyReport report = new ConsistencyChecker(store, SCALE).check(true);

        assertThat(report.allPassed()).as(report.toString()).isTrue();
        assertThat(ran).as("every transaction of the mix ran").hasSize(TpccTransaction.values().length);
        assertThat(rolledBack).as("NewOrder's 1 % rollbacks").isBetween(1, 40);
    }
}
