package io.catena.coordinator.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.coordinator.CoordinatorContext;
import io.catena.core.config.ClusterConfig;
import io.catena.core.membership.MembershipHistory;
import io.catena.core.id.RegionId;
import io.catena.core.id.RequestId;
import io.catena.core.id.TxnId;
import io.catena.core.procedure.ProcedureRegistry;
import io.catena.core.rlog.TxnEntry;
import io.catena.core.spi.NodePorts;
import io.catena.core.spi.StoragePort;
import io.catena.core.spi.WorkMeter;
import io.catena.core.txn.TxnSpec;
import java.lang.reflect.Proxy;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A record takes the oldest waiting transactions that fit its budget; the others wait, in order,
 * and get their ids and a zero arrival offset from the record that finally carries them, so every
 * region replays them first, as they came. A copy never enters a record that starts more than its
 * copy window after its client issued it.
 */
class BatcherTest {

    private static final RegionId EU = RegionId.of(1);
    private static final TxnSpec SPEC = new TxnSpec.AdHoc(List.of());

    private static final ClusterConfig CONFIG = ClusterConfig.builder().build();

    private final CoordinatorContext ctx = new CoordinatorContext(CONFIG, MembershipHistory.hashed(CONFIG.chainServersPerRegion()), EU,
            ProcedureRegistry.empty(), new NodePorts((to, m) -> { }, noStorage(), WorkMeter.NONE));
    private final Batcher batcher = new Batcher(ctx, 1);

    @Test
    void whatDoesNotFitWaitsForTheNextRecordInArrivalOrder() {
        batcher.add(1_000, request(1), SPEC, 400, 1_000);
        batcher.add(2_000, request(2), SPEC, 400, 2_000);
        batcher.add(3_000, request(3), SPEC, 400, 3_000);

        List<TxnEntry> first = batcher.close(1, 1_000);
        batcher.add(14_000, request(4), SPEC, 100, 14_000);
        List<TxnEntry> second = batcher.close(2, 1_000);

        assertThat(first).extracting(TxnEntry::request).containsExactly(request(1), request(2));
        assertThat(first).extracting(TxnEntry::id).containsExactly(new TxnId(1, EU, 0), new TxnId(1, EU, 1));
        assertThat(first).extracting(TxnEntry::offsetMicros).containsExactly(1_000, 2_000);
        assertThat(second).extracting(TxnEntry::request).containsExactly(request(3), request(4));
        assertThat(second).extracting(TxnEntry::id).containsExactly(new TxnId(2, EU, 0), new TxnId(2, EU, 1));
        assertThat(second).extracting(TxnEntry::offsetMicros).as("the waiting one replays first").containsExactly(0, 4_000);
        assertThat(batcher.queued()).isZero();
        assertThat(ctx.stats.txnsDeferred).isEqualTo(1);
        assertThat(ctx.stats.recordsFull).isEqualTo(1);
    }

    @Test
    void theHeadBlocksSmallerLaterTransactionsSoOrderHolds() {
        batcher.add(1_000, request(1), SPEC, 900, 1_000);
        batcher.add(2_000, request(2), SPEC, 900, 2_000);
        batcher.add(3_000, request(3), SPEC, 10, 3_000);

        assertThat(batcher.close(1, 1_000)).extracting(TxnEntry::request).containsExactly(request(1));
        assertThat(batcher.queuedBytes()).isEqualTo(910);
        assertThat(batcher.close(2, 1_000)).extracting(TxnEntry::request).containsExactly(request(2), request(3));
    }

    @Test
    void aTransactionArrivingAfterItsEpochClosedGoesToTheNextOpenOne() {
        batcher.closedThrough(4);
        batcher.add(1_000, request(1), SPEC, 10, 1_000);

        assertThat(batcher.close(4, 1_000)).isEmpty();
        assertThat(batcher.close(5, 1_000)).extracting(TxnEntry::id).containsExactly(new TxnId(5, EU, 0));
    }

    @Test
    void aCopyIssuedLongerAgoThanTheSpanIsLeftOutOfTheRecord() {
        long span = CopyWindow.span(CONFIG.epochLengthMicros());
        batcher.add(1_000, request(1), SPEC, 10, 1_000);
        batcher.add(2_000, request(2), SPEC, 10, 2_000 - span - CONFIG.epochLengthMicros());
        batcher.add(3_000, request(3), SPEC, 10, 3_000);

        assertThat(batcher.close(1, 1_000)).extracting(TxnEntry::request).containsExactly(request(1), request(3));
        assertThat(batcher.takeLate()).containsExactly(request(2));
        assertThat(batcher.takeLate()).isEmpty();
        assertThat(ctx.stats.lateCopies).isEqualTo(1);
    }

    @Test
    void aCopyWaitingUntilItsRecordWouldStartAfterTheSpanIsLeftOut() {
        long epochs = CopyWindow.span(CONFIG.epochLengthMicros()) / CONFIG.epochLengthMicros();
        batcher.add(1_000, request(1), SPEC, 10, 1_000);
        batcher.add(1_000, request(2), SPEC, 10, 0);

        assertThat(batcher.close(epochs + 1, 1_000)).as("an epoch starting exactly one span after request 2's issue")
                .extracting(TxnEntry::request).containsExactly(request(1), request(2));
        batcher.add(1_000, request(3), SPEC, 10, 0);
        assertThat(batcher.close(epochs + 2, 1_000)).isEmpty();
        assertThat(batcher.takeLate()).containsExactly(request(3));
    }

    private static RequestId request(long sequence) {
        return new RequestId(7, sequence);
    }

    private static StoragePort noStorage() {
        return (StoragePort) Proxy.newProxyInstance(StoragePort.class.getClassLoader(), new Class<?>[] {StoragePort.class},
                (proxy, method, args) -> {
                    throw new UnsupportedOperationException("a batcher does no storage");
                });
    }
}
