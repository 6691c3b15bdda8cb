package io.catena.lab.fault;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;

/**
 * The short forms of {@code catena fault}'s storage scenarios: the first region's store is a
 * Cassandra server of its own, which the scenario kills and brings back; every check of the run
 * passes, and the region stops committing while its store is gone.
 */
class StorageFaultScenariosTest {

    @TempDir(cleanup = CleanupMode.ON_SUCCESS)
    Path dir;

    @Test
    void aRestartedStorageNodeStallsItsRegionUntilItServesAgain() throws Exception {
        FaultReport report = ShortFaultRuns.run("restart-storage", dir);
        assertThat(report.timeline().seconds()).as("a second of the outage without a commit in us-central1")
                .anyMatch(s -> s.phase() == FaultTimeline.Phase.FAULT && s.byRegion().get(0) == 0);
    }
}
