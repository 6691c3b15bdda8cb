package io.catena.coordinator;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.coordinator.client.AnswerStore;
import io.catena.core.config.ClusterConfig;
import io.catena.core.data.ChainKey;
import io.catena.core.data.Datum;
import io.catena.core.data.Row;
import io.catena.core.data.RowKey;
import io.catena.core.data.Version;
import io.catena.core.id.RegionId;
import io.catena.core.id.RequestId;
import io.catena.core.txn.Op;
import io.catena.core.txn.Outcome;
import io.catena.core.txn.TxnSpec;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * What a region keeps, and for how long: durable answers for the dedup window and no longer, and
 * log records in memory only until they are scheduled and held everywhere (storage keeps them for
 * the window). Without these bounds a long-running region grows without end.
 */
class RetentionTest {

    private static final RegionId US = RegionId.of(0);
    private static final RegionId EU = RegionId.of(1);
    private static final RegionId ASIA = RegionId.of(2);
    private static final long EPOCH_MICROS = 10_000;

    private static ClusterConfig config() {
        return ClusterConfig.builder().regions(List.of("us", "eu", "asia")).chainServersPerRegion(1).build();
    }

    @Test
    void anAnswerIsDurableInItsOwnRegionOnlyAndDroppedWhenItsRequestLeavesTheDedupWindow() {
        SteppedRegions regions = new SteppedRegions(config());
        RequestId request = new RequestId(7, 1);
        regions.submit(US, request, put("k", 1));
        regions.runFor(1_000_000);

        assertThat(regions.replies().get(request).result().outcome()).isEqualTo(Outcome.COMMITTED);
        // A transaction's version names the epoch that carried it, which keeps its answer.
        ChainKey answer = AnswerStore.keyOf(regions.replies().get(request).version().epoch());
        assertThat(regions.latestVersion(US, answer)).isNotEqualTo(Version.ZERO);
        assertThat(regions.latestVersion(EU, answer)).isEqualTo(Version.ZERO);
        assertThat(regions.latestVersion(ASIA, answer)).isEqualTo(Version.ZERO);

        regions.runFor((Coordinator.DEDUP_WINDOW_EPOCHS - 200) * EPOCH_MICROS);
        assertThat(regions.latestVersion(US, answer)).as("inside the window").isNotEqualTo(Version.ZERO);

        regions.runFor(400 * EPOCH_MICROS);
        assertThat(regions.latestVersion(US, answer)).as("past the window").isEqualTo(Version.ZERO);
    }

    @Test
    void memoryKeepsOnlyRecentRecordsWhileStorageKeepsTheDedupWindow() {
        SteppedRegions regions = new SteppedRegions(config());
        for (int i = 0; i < 50; i++) {
            regions.submit(RegionId.of(i % 3), new RequestId(8, i), put("k" + i, i));
        }
        regions.runFor(10_000_000);

        assertThat(regions.replies()).hasSize(50);
        for (RegionId r : List.of(US, EU, ASIA)) {
            Coordinator c = regions.coordinator(r);
            // Each region logs a record per epoch: 10 s is about 1,000 epochs of each of 3 origins.
            assertThat(c.heldRecords()).as("records in storage").isGreaterThan(2_500);
            // Housekeeping releases once a second; records of the last ~1.5 s remain.
            assertThat(c.recordsInMemory()).as("records in memory").isLessThan(3 * 160);
        }
    }

    private static TxnSpec put(String key, long value) {
        return new TxnSpec.AdHoc(List.of(new Op.Write(RowKey.of("kv", key), Row.of(Map.of("v", Datum.of(value))))));
    }
}
