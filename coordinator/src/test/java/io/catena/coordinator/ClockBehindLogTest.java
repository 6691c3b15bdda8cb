package io.catena.coordinator;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.core.config.ClusterConfig;
import io.catena.core.data.ChainKey;
import io.catena.core.data.Datum;
import io.catena.core.data.Row;
import io.catena.core.data.RowKey;
import io.catena.core.id.RegionId;
import io.catena.core.id.RequestId;
import io.catena.core.rlog.RLogRecord;
import io.catena.core.txn.Op;
import io.catena.core.txn.Outcome;
import io.catena.core.txn.TxnSpec;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A coordinator that restarts on a clock behind the epochs its log already has, as when its
 * region's epoch offset is lowered (docs/PROTOCOL.md, "Epoch offsets"): it logs no epoch twice,
 * closes nothing until its clock has passed the last epoch it logged, takes what arrives meanwhile
 * into the next one, and the cluster goes on.
 */
class ClockBehindLogTest {

    private static final RegionId US = RegionId.of(0);
    private static final RegionId EU = RegionId.of(1);
    private static final RegionId ASIA = RegionId.of(2);
    private static final long EPOCH_MICROS = 10_000;
    /** An offset lowered by 200 ms: twenty epochs. */
    private static final long BEHIND_MICROS = 200_000;

    @Test
    void aCoordinatorRestartedWithItsClockBehindItsLogWaitsForItsClockToPassIt() {
        SteppedRegions regions = new SteppedRegions(ClusterConfig.builder().regions(List.of("us", "eu", "asia"))
                .chainServersPerRegion(1).build());
        regions.submit(US, new RequestId(1, 1), put("k", 1));
        regions.runFor(1_000_000);
        List<RLogRecord> before = regions.ownRecords(US);
        long lastLogged = before.get(before.size() - 1).epoch();

        regions.restartCoordinator(US, BEHIND_MICROS);
        long restartedAt = regions.clockOf(US);
        RequestId meanwhile = new RequestId(1, 2);
        regions.submit(US, meanwhile, put("k", 2));
        regions.runFor(BEHIND_MICROS - 3 * EPOCH_MICROS);

        assertThat(restartedAt / EPOCH_MICROS).as("the restarted clock's epoch").isLessThan(lastLogged - 10);
        assertThat(regions.ownRecords(US)).as("nothing logged while the clock is behind the log").hasSameSizeAs(before);

        regions.runFor(1_000_000);

        List<RLogRecord> after = regions.ownRecords(US).subList(before.size(), regions.ownRecords(US).size());
        assertThat(after).isNotEmpty();
        assertThat(after.get(0).epoch()).as("the first epoch after the restart").isEqualTo(lastLogged + 1);
        assertThat(regions.ownRecords(US)).extracting(RLogRecord::epoch).isSorted().doesNotHaveDuplicates();
        assertThat(after.stream().filter(r -> r.txns().stream().anyMatch(t -> t.request().equals(meanwhile))))
                .as("the transaction that arrived meanwhile, in one record").hasSize(1);
        assertThat(regions.replies().get(meanwhile).result().outcome()).isEqualTo(Outcome.COMMITTED);
        for (RegionId r : List.of(US, EU, ASIA)) {
            assertThat(regions.read(r, ChainKey.of("kv", "k")).get("").getLong("v", -1)).as("region %s", r).isEqualTo(2);
        }
    }

    private static TxnSpec put(String key, long value) {
        return new TxnSpec.AdHoc(List.of(new Op.Write(RowKey.of("kv", key), Row.of(Map.of("v", Datum.of(value))))));
    }
}
