package io.catena.coordinator;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.coordinator.client.CopyWindow;
import io.catena.core.config.ClusterConfig;
import io.catena.core.data.ChainKey;
import io.catena.core.data.Datum;
import io.catena.core.data.RowKey;
import io.catena.core.id.RegionId;
import io.catena.core.id.RequestId;
import io.catena.core.txn.Op;
import io.catena.core.txn.Outcome;
import io.catena.core.txn.TxnSpec;
import io.catena.core.txn.UpdateFn;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A copy of a request that reaches its coordinator after the dedup window has forgotten the first
 * copy must not run again. The issue time it carries says how old it is: once it is older than
 * the copy window, the copy is left out, unanswered. A client that claimed a fresh issue time would
 * have it run a second time, which is why the time is taken from the first send.
 */
class CopyWindowTest {

    private static final RegionId US = RegionId.of(0);
    private static final ChainKey COUNTER = ChainKey.of("kv", "counter");
    private static final TxnSpec INCREMENT = new TxnSpec.AdHoc(List.of(
            new Op.Update(RowKey.of("kv", "counter"), new UpdateFn.Add("n", 1))));

    private static ClusterConfig config() {
        return ClusterConfig.builder().regions(List.of("us", "eu", "asia")).chainServersPerRegion(1).build();
    }

    @Test
    void aCopyArrivingAfterTheDedupWindowIsLeftOutUnanswered() {
        SteppedRegions regions = new SteppedRegions(config());
        RequestId request = new RequestId(7, 1);
        long issued = regions.now();
        regions.submit(US, request, INCREMENT, issued);
        regions.runFor(1_000_000);
        assertThat(regions.replies().remove(request).result().outcome()).isEqualTo(Outcome.COMMITTED);

        regions.runFor(windowMicros() + 1_000_000);
        regions.submit(US, request, INCREMENT, issued);
        regions.runFor(2_000_000);

        assertThat(regions.read(US, COUNTER).values()).singleElement()
                .satisfies(row -> assertThat(row.getOrNull("n")).as("applied once").isEqualTo(Datum.of(1)));
        assertThat(regions.replies()).doesNotContainKey(request);
        assertThat(regions.coordinator(US).stats().lateCopies).isEqualTo(1);
    }

    @Test
    void theSameCopyClaimingAFreshIssueTimeWouldRunAgain() {
        SteppedRegions regions = new SteppedRegions(config());
        RequestId request = new RequestId(7, 1);
        regions.submit(US, request, INCREMENT);
        regions.runFor(1_000_000);

        regions.runFor(windowMicros() + 1_000_000);
        regions.submit(US, request, INCREMENT);
        regions.runFor(2_000_000);

        assertThat(regions.read(US, COUNTER).values()).singleElement()
                .satisfies(row -> assertThat(row.getOrNull("n")).as("applied twice").isEqualTo(Datum.of(2)));
    }

    @Test
    void aCopyWithinItsCopyWindowStillRuns() {
        SteppedRegions regions = new SteppedRegions(config());
        RequestId request = new RequestId(7, 1);
        regions.runFor(1_000_000);
        regions.submit(US, request, INCREMENT, regions.now() - CopyWindow.span(config().epochLengthMicros()) + 500_000);
        regions.runFor(1_000_000);

        assertThat(regions.replies().get(request).result().outcome()).isEqualTo(Outcome.COMMITTED);
        assertThat(regions.coordinator(US).stats().lateCopies).isZero();
    }

    private static long windowMicros() {
        return Coordinator.DEDUP_WINDOW_EPOCHS * config().epochLengthMicros();
    }
}
