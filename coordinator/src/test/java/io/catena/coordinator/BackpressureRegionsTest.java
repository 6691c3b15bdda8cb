package io.catena.coordinator;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.coordinator.client.Backpressure;
import io.catena.core.config.ClusterConfig;
import io.catena.core.id.NodeId;
import io.catena.core.id.RegionId;
import io.catena.core.id.RequestId;
import io.catena.core.rlog.RLogRecord;
import io.catena.core.txn.Outcome;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A region that falls behind in executing holds the others' admissions back, instead of being
 * handed transactions faster than it executes them (docs/PROTOCOL.md, "Backpressure"): its
 * backlog, which its records carry, goes past the bound, the others close their records without
 * their clients' transactions, which wait in order, and once it has caught up they go out and
 * commit everywhere.
 */
class BackpressureRegionsTest {

    private static final RegionId US = RegionId.of(0);
    private static final RegionId EU = RegionId.of(1);

    private static ClusterConfig config() {
        return ClusterConfig.builder().regions(List.of("us", "eu", "asia")).chainServersPerRegion(1).build();
    }

    @Test
    void aRegionBehindInExecutingHoldsTheOthersAdmissionsBack() {
        SteppedRegions regions = new SteppedRegions(config());
        regions.runFor(100_000);
        NodeId euChainServer = NodeId.chainServer(EU, 0);
        regions.pause(euChainServer);
        int txns = 200;
        for (int i = 1; i <= txns; i++) {
            regions.submit(US, new RequestId(7, i), SteppedRegions.put("k" + i, i));
            regions.runFor(10_000);
        }
        long bound = new Backpressure(config()).boundEpochs();
        assertThat(logged(regions)).as("transactions US logged while EU executed nothing for 2 s")
                .isBetween(bound / 2, bound + 10);
        assertThat(regions.coordinator(US).stats().recordsHeldBack).isPositive();

        regions.resume(euChainServer);
        regions.runFor(3_000_000);
        assertThat(logged(regions)).isEqualTo(txns);
        assertThat(regions.replies()).hasSize(txns);
        assertThat(regions.replies().values()).extracting(r -> r.result().outcome()).containsOnly(Outcome.COMMITTED);
    }

    private static long logged(SteppedRegions regions) {
        return regions.ownRecords(US).stream().map(RLogRecord::txns).mapToLong(List::size).sum();
    }
}
