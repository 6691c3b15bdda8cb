package io.catena.harness.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.catena.core.wan.LatencyMatrix;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** {@code --epoch-offsets}: none, auto from the run's matrix, or milliseconds per region. */
class EpochOffsetsFlagTest {

    private static final LatencyMatrix GCP3 = LatencyMatrix.gcp3();

    @Test
    void noneIsNoOffsetsAndAutoReachesTheBoundOnTheMatrix() {
        assertThat(EpochOffsetsFlag.parse("none", GCP3)).isEmpty();
        assertThat(EpochOffsetsFlag.parse("auto", GCP3)).containsExactly(0L, 50_000L, 75_000L);
    }

    @Test
    void millisecondsArePerRegionInRegionOrder() {
        assertThat(EpochOffsetsFlag.parse("0, 12.5,75", GCP3)).containsExactly(0L, 12_500L, 75_000L);
        assertThat(EpochOffsetsFlag.describe(List.of(0L, 12_500L))).isEqualTo("[0.0 ms, 12.5 ms]");
    }

    @Test
    void autoNeedsAMatrix() {
        assertThatThrownBy(() -> EpochOffsetsFlag.parse("auto", List.of("a", "b"), Optional.empty()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("--epoch-offsets auto computes the offsets from the latency preset, and this run has none;"
                        + " give a --preset, or the offsets in milliseconds");
    }

    @Test
    void anythingElseIsRefusedInOneSentenceThatSaysWhatItTakes() {
        for (String wrong : List.of("0,50", "0,-5,75", "0,fifty,75", "")) {
            assertThatThrownBy(() -> EpochOffsetsFlag.parse(wrong, GCP3)).as(wrong)
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("--epoch-offsets takes none, auto, or 3 milliseconds of 0 or more, one per region in"
                            + " the order [us-central1, europe-west1, asia-east1], not '" + wrong + "'");
        }
    }
}
