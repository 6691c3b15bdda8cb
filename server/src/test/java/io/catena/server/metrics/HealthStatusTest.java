package io.catena.server.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.server.metrics.HealthReport.Status;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What /health says for each combination of peer links and failed protocol steps. */
class HealthStatusTest {

    @Test
    void everyPeerLinkedAndNothingFailedIsUp() {
        assertThat(HealthReport.statusOf(2, 0, 0)).isEqualTo(Status.UP);
    }

    @Test
    void aMissingPeerOrAFailedStepIsDegraded() {
        assertThat(HealthReport.statusOf(1, 1, 0)).isEqualTo(Status.DEGRADED);
        assertThat(HealthReport.statusOf(2, 0, 1)).as("a protocol step threw").isEqualTo(Status.DEGRADED);
    }

    @Test
    void noPeerReachableIsDownWhateverElse() {
        assertThat(HealthReport.statusOf(0, 2, 0)).isEqualTo(Status.DOWN);
        assertThat(HealthReport.statusOf(0, 2, 5)).isEqualTo(Status.DOWN);
    }

    @Test
    void aSingleRegionClusterHasNoPeersToMiss() {
        assertThat(HealthReport.statusOf(0, 0, 0)).isEqualTo(Status.UP);
    }

    @Test
    void theJsonNamesTheFailedSteps() {
        HealthReport report = new HealthReport("eu", Status.DEGRADED, List.of("us"), List.of(), 3);

        assertThat(report.toJson()).isEqualTo(
                "{\"region\":\"eu\",\"status\":\"DEGRADED\",\"connectedPeers\":[\"us\"],\"missingPeers\":[],"
                        + "\"failedSteps\":3}");
    }
}
