package io.catena.server.region;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.core.config.ClusterConfig;
import io.catena.core.id.RegionId;
import io.catena.core.protocol.Protocol;
import io.catena.server.host.MicrosClock;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A region's protocol clock runs its epoch offset ahead of the cluster clock, which every region
 * shares. Each reading is bracketed by two of the other clock's, so nothing here depends on timing.
 */
class ClusterIdentityTest {

    private static final long GENESIS = MicrosClock.system().nowMicros() - 5_000_000;
    private static final ClusterConfig OFFSET = ClusterConfig.builder()
            .epochOffsetsMicros(List.of(0L, 50_000L, 75_000L)).build();

    @Test
    void aRegionsProtocolClockIsItsOffsetAheadOfTheClusterClock() {
        ClusterIdentity identity = new ClusterIdentity("c", OFFSET, Protocol.CATENA, GENESIS);
        MicrosClock cluster = identity.clusterClock();

        for (int r = 0; r < 3; r++) {
            long offset = OFFSET.epochOffsetMicros(RegionId.of(r));
            MicrosClock protocol = identity.protocolClock(RegionId.of(r));

            long before = cluster.signedNowMicros();
            long read = protocol.signedNowMicros();
            long after = cluster.signedNowMicros();

            assertThat(read).as("region %d", r).isBetween(before + offset, after + offset);
        }
    }

    @Test
    void withoutOffsetsEveryRegionReadsTheClusterClock() {
        ClusterIdentity identity = new ClusterIdentity("c", ClusterConfig.builder().build(), Protocol.CATENA, GENESIS);

        long before = identity.clusterClock().signedNowMicros();
        long read = identity.protocolClock(RegionId.of(2)).signedNowMicros();
        long after = identity.clusterClock().signedNowMicros();

        assertThat(read).isBetween(before, after);
    }

    @Test
    void theFingerprintDependsOnTheOffsets() {
        assertThat(new ClusterIdentity("c", OFFSET, Protocol.CATENA, GENESIS).fingerprint())
                .isNotEqualTo(new ClusterIdentity("c", ClusterConfig.builder().build(), Protocol.CATENA, GENESIS)
                        .fingerprint());
    }
}
