package io.catena.coordinator;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.catenae.message.CommitPass;
import io.catena.core.config.ClusterConfig;
import io.catena.core.id.NodeId;
import io.catena.core.id.RegionId;
import io.catena.core.id.RequestId;
import io.catena.core.message.TxnReply;
import io.catena.core.txn.Outcome;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A coordinator drives a commit pass again when it was lost (to a crash), and only then: a region
 * that is merely behind in executing applies its epochs in order and is left to. Re-driving every
 * transaction older than 3 s ran each again behind the same backlog: in a `catena bench` run whose
 * asia-east1 had fallen 3 s behind, 216,391 re-drives in a minute halved its throughput and it
 * fell 30 s behind (docs/PROTOCOL.md, "Failures").
 */
class CommitRedriveTest {

    private static final RegionId US = RegionId.of(0);
    private static final NodeId US_CHAIN_SERVER = NodeId.chainServer(US, 0);

    private static ClusterConfig config() {
        return ClusterConfig.builder().regions(List.of("us", "eu", "asia")).chainServersPerRegion(1).build();
    }

    @Test
    void aLostCommitPassIsDrivenAgain() {
        SteppedRegions regions = new SteppedRegions(config());
        regions.runFor(100_000);
        regions.loseNext(US_CHAIN_SERVER, CommitPass.class);
        RequestId request = new RequestId(7, 1);
        regions.submit(US, request, SteppedRegions.put("k", 1));
        regions.runFor(2_000_000);
        assertThat(regions.replies()).as("its commit pass was lost").isEmpty();

        regions.runFor(5_000_000);
        assertThat(regions.replies().get(request).result().outcome()).isEqualTo(Outcome.COMMITTED);
        assertThat(regions.coordinator(US).stats().commitPassRedrives).isEqualTo(1);
    }

    @Test
    void aRegionMerelyBehindIsNotDrivenAgain() {
        SteppedRegions regions = new SteppedRegions(config());
        regions.runFor(100_000);
        regions.slow(US_CHAIN_SERVER, 2_000);
        int txns = 2_000;
        long start = regions.now();
        for (int i = 1; i <= txns; i++) {
            regions.submit(US, new RequestId(7, i), SteppedRegions.put("k" + i, i));
            if (i % 20 == 0) {
                regions.runFor(10_000);
            }
        }
        long lastAnswer = 0;
        while (regions.replies().size() < txns && regions.now() - start < 60_000_000) {
            regions.runFor(100_000);
            lastAnswer = regions.now() - start;
        }
        assertThat(regions.replies()).hasSize(txns);
        assertThat(regions.replies().values()).extracting(r -> r.result().outcome()).containsOnly(Outcome.COMMITTED);
        assertThat(lastAnswer).as("the region was behind for longer than the stall").isGreaterThan(6_000_000);
        assertThat(regions.coordinator(US).stats().commitPassRedrives).isZero();
    }
}
