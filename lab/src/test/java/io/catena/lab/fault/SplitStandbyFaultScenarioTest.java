package io.catena.lab.fault;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;

/**
 * The short form of {@code kill-split-leader}: the first region runs a leader and a standby
 * coordinator and a process per chain server, all over one Cassandra server; its leader is
 * killed, and the chain-server processes follow the standby that takes over.
 */
class SplitStandbyFaultScenarioTest {

    @TempDir(cleanup = CleanupMode.ON_SUCCESS)
    Path dir;

    @Test
    void aKilledLeaderOfASplitRegionIsSucceededByItsStandbyAndItsChainServersFollow() throws Exception {
        FaultReport report = ShortFaultRuns.run("kill-split-leader", dir);
        assertThat(report.findings()).anyMatch(line -> line.startsWith("failovers of us-central1: 1; takeover"));
        assertThat(report.timeline().seconds()).as("a second after the takeover with commits in us-central1")
                .anyMatch(s -> s.phase() == FaultTimeline.Phase.AFTER && s.byRegion().get(0) > 0);
    }
}
