package io.catena.server.config;

import static io.catena.server.config.ConfigTexts.problems;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.catena.core.config.ClusterConfig;
import io.catena.core.id.RegionId;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Each region's {@code epochOffset} in {@code regions:}: read per region into the core's
 * configuration, refused when negative or not below the delay tolerance, written back, and part of
 * the fingerprint.
 */
class EpochOffsetConfigTest {

    /** The three regions of {@link ConfigTexts#HEAD}, europe-west1 50 ms and asia-east1 75 ms ahead. */
    private static final String OFFSET = ConfigTexts.HEAD
            .replace("address: 127.0.0.1:7102\n", "address: 127.0.0.1:7102\n    epochOffset: 50ms\n")
            .replace("address: 127.0.0.1:7103\n", "address: 127.0.0.1:7103\n    epochOffset: 75ms\n");

    @Test
    void eachRegionsOffsetReachesTheCoreConfigInRegionOrder() {
        ServerConfig config = ConfigTexts.load(OFFSET);

        ClusterConfig core = config.toClusterConfig();

        assertThat(config.epochOffsetsMicros()).containsExactly(0L, 50_000L, 75_000L);
        assertThat(core.epochOffsetsMicros()).containsExactly(0L, 50_000L, 75_000L);
        assertThat(core.epochOffsetMicros(RegionId.of(2))).isEqualTo(75_000);
    }

    @Test
    void leftOutItIsZeroAndTheCoreHasNone() {
        ServerConfig config = ConfigTexts.load(ConfigTexts.valid(""));

        assertThat(config.epochOffsetsMicros()).containsExactly(0L, 0L, 0L);
        assertThat(config.toClusterConfig().hasEpochOffsets()).isFalse();
    }

    @Test
    void survivesARoundTripFromFileToConfigToYamlToFile() {
        ServerConfig config = ConfigTexts.load(OFFSET);

        String written = config.toYaml();

        assertThat(written).contains("epochOffset: 50ms").contains("epochOffset: 75ms").contains("epochOffset: 0ms");
        ServerConfig reread = ConfigFile.parse(written, "written.yaml", Path.of("/elsewhere"), null);
        assertThat(reread).isEqualTo(config);
        assertThat(reread.fingerprint()).isEqualTo(config.fingerprint());
    }

    @Test
    void anOffsetAtOrAboveTheDelayToleranceIsRefusedAtTheRegionsKey() {
        String tooFar = OFFSET.replace("epochOffset: 75ms", "epochOffset: 400ms");

        assertThat(problems(tooFar)).containsExactly(
                "test.yaml:11: regions[2].epochOffset: must be below the delay tolerance, 400ms, not 400ms");
        assertThat(problems(tooFar + "protocol:\n  delayTolerance: 300ms\n")).containsExactly(
                "test.yaml:11: regions[2].epochOffset: must be below the delay tolerance, 300ms, not 400ms");
        assertThat(ConfigTexts.load(tooFar + "protocol:\n  delayTolerance: 401ms\n").epochOffsetsMicros())
                .containsExactly(0L, 50_000L, 400_000L);
    }

    @Test
    void anOffsetThatIsNotADurationIsRefused() {
        assertThat(problems(OFFSET.replace("epochOffset: 50ms", "epochOffset: -5ms"))).containsExactly(
                "test.yaml:8: regions[1].epochOffset: '-5ms' is not a duration; use e.g. 10ms, 1s");
        assertThat(problems(OFFSET.replace("epochOffset: 50ms", "epochOffset: 50"))).containsExactly(
                "test.yaml:8: regions[1].epochOffset: '50' has no unit; use e.g. 10ms, 1s");
    }

    @Test
    void aNegativeOffsetBuiltInCodeIsRefusedAtTheRegionsKey() {
        ServerConfig.Builder builder = ConfigTexts.load(ConfigTexts.valid("")).toBuilder()
                .epochOffsetMicros("europe-west1", -1);

        assertThatThrownBy(builder::build).isInstanceOf(ConfigException.class)
                .hasMessageContaining("regions[1].epochOffset: must not be negative");
    }

    @Test
    void aConfigBuiltInCodeTakesOffsetsByRegionName() {
        ServerConfig config = ConfigTexts.load(ConfigTexts.valid("")).toBuilder()
                .epochOffsetMicros("asia-east1", 75_000).build();

        assertThat(config.epochOffsetsMicros()).containsExactly(0L, 0L, 75_000L);
        assertThat(config.toBuilder().build()).isEqualTo(config);
        assertThatThrownBy(() -> config.toBuilder().epochOffsetMicros("mars", 1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("mars");
    }

    @Test
    void theFingerprintDigestsTheOffsetsSoThatRegionsThatDifferRefuseEachOther() {
        ServerConfig plain = ConfigTexts.load(ConfigTexts.valid(""));
        ServerConfig offset = ConfigTexts.load(OFFSET);
        ServerConfig otherwise = ConfigTexts.load(OFFSET.replace("epochOffset: 75ms", "epochOffset: 70ms"));
        ServerConfig allZero = ConfigTexts.load(OFFSET.replace("epochOffset: 50ms", "epochOffset: 0ms")
                .replace("epochOffset: 75ms", "epochOffset: 0us"));

        assertThat(List.of(plain.fingerprint(), offset.fingerprint(), otherwise.fingerprint()))
                .doesNotHaveDuplicates();
        assertThat(allZero.fingerprint()).as("all zero is no offsets").isEqualTo(plain.fingerprint());
        assertThat(ClusterFingerprint.canonicalText("demo", offset.toClusterConfig(), offset.protocol().algorithm()))
                .endsWith("\nepochOffsetsMicros=0,50000,75000\n");
        assertThat(ClusterFingerprint.canonicalText("demo", plain.toClusterConfig(), plain.protocol().algorithm()))
                .doesNotContain("epochOffsets");
    }
}
