package io.catena.coordinator;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.core.config.ClusterConfig;
import io.catena.core.id.RegionId;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A region that cannot schedule says which record it waits for, and where that record is. */
class SchedulingBlockerTest {

    private static final RegionId US = RegionId.of(0);
    private static final RegionId EU = RegionId.of(1);
    private static final RegionId ASIA = RegionId.of(2);

    @Test
    void aRegionCutOffFromAnotherNamesTheRecordItWaitsForAndHowFarThatLogGotHere() {
        SteppedRegions regions = new SteppedRegions(
                ClusterConfig.builder().regions(List.of("us", "eu", "asia")).chainServersPerRegion(1).build());
        regions.runFor(500_000);
        regions.cut(US, ASIA);
        regions.cut(EU, ASIA);
        regions.runFor(2_000_000);

        Coordinator us = regions.coordinator(US);
        String blocker = us.schedulingBlocker();

        long next = us.nextToSchedule();
        assertThat(blocker).startsWith("epoch " + next + " waits for the record of asia: included but not held here")
                .contains("held here through epoch " + us.heldThrough(ASIA))
                .contains("; us neither holds nor abandoned it (its log here: held through ")
                .contains("; eu neither holds nor abandoned it");
        assertThat(us.heldThrough(ASIA)).as("asia's log stopped at the cut").isEqualTo(next - 1);
        assertThat(regions.coordinator(EU).schedulingBlocker()).contains("waits for the record of asia");
    }
}
