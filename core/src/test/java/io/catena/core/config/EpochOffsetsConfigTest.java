package io.catena.core.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.catena.core.config.keys.Complaint;
import io.catena.core.id.RegionId;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The regions' epoch offsets: one per region, none negative, each below the delay tolerance. */
class EpochOffsetsConfigTest {

    @Test
    void eachRegionReadsItsOwnOffsetAndNoneMeansZero() {
        ClusterConfig offset = ClusterConfig.builder().epochOffsetsMicros(List.of(0L, 50_000L, 75_000L)).build();
        ClusterConfig plain = ClusterConfig.builder().build();

        assertThat(offset.epochOffsetMicros(RegionId.of(1))).isEqualTo(50_000);
        assertThat(offset.epochOffsetMicros(RegionId.of(2))).isEqualTo(75_000);
        assertThat(offset.hasEpochOffsets()).isTrue();
        assertThat(plain.epochOffsetMicros(RegionId.of(2))).isZero();
        assertThat(plain.hasEpochOffsets()).isFalse();
    }

    @Test
    void allZeroIsNone() {
        assertThat(ClusterConfig.builder().epochOffsetsMicros(List.of(0L, 0L, 0L)).build())
                .isEqualTo(ClusterConfig.builder().build());
    }

    @Test
    void anOffsetPerRegionIsRequired() {
        assertThatThrownBy(() -> ClusterConfig.builder().epochOffsetsMicros(List.of(0L, 50_000L)).build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("invalid cluster configuration: epochOffsetsMicros must give one offset per region, "
                        + "3, not 2");
    }

    @Test
    void aNegativeOffsetOrOneAtTheDelayToleranceIsRefusedAndNamesItsRegion() {
        ClusterConfig.Builder builder = ClusterConfig.builder().delayToleranceMicros(400_000)
                .epochOffsetsMicros(List.of(-1L, 400_000L, 399_999L));

        List<Complaint> complaints = builder.complaints();

        assertThat(complaints).extracting(Complaint::coreText).containsExactly(
                "epochOffsetsMicros[0] must not be negative",
                "epochOffsetsMicros[1] must be below the delay tolerance, 400000, not 400000");
        assertThat(complaints.get(1).text(true)).isEqualTo("must be below the delay tolerance, 400ms, not 400ms");
        assertThat(complaints.get(1).epochOffset()).hasValue(1);
    }
}
