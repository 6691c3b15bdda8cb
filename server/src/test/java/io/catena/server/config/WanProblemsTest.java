package io.catena.server.config;

import static io.catena.server.config.ConfigTexts.problems;
import static io.catena.server.config.ConfigTexts.valid;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.catena.core.wan.LatencyMatrix;
import java.util.List;
import org.junit.jupiter.api.Test;

/** WAN emulation: presets, inline matrices and their problems. */
class WanProblemsTest {

    @Test
    void anUnknownPresetListsTheValidOnes() {
        assertThat(problems(valid("wan:\n  preset: gcp-3\n"))).containsExactly(
                "test.yaml:11: wan.preset: 'gcp-3' is not a preset; use one of gcp3, ec2-5, none (did you mean gcp3?)");
        assertThat(problems(valid("wan:\n  preset: azure\n"))).containsExactly(
                "test.yaml:11: wan.preset: 'azure' is not a preset; use one of gcp3, ec2-5, none");
    }

    @Test
    void aPresetMustHaveOneRowPerRegion() {
        assertThat(problems(valid("wan:\n  preset: ec2-5\n")))
                .containsExactly("test.yaml:11: wan.preset: ec2-5 has 5 regions but regions lists 3");
    }

    @Test
    void everyListedPresetIsKnownToTheSimulator() {
        for (String preset : WanCheck.PRESETS) {
            assertThat(LatencyMatrix.preset(preset).name()).isEqualTo(preset);
        }
    }

    @Test
    void aPresetFollowsTheRegionsByName() {
        String reordered = valid("wan:\n  preset: gcp3\n").replace("us-central1", "X").replace("asia-east1", "us-central1")
                .replace("X", "asia-east1");
        ServerConfig config = ConfigTexts.load(reordered);
        assertThat(config.regionNames()).containsExactly("asia-east1", "europe-west1", "us-central1");
        LatencyMatrix matrix = config.latencyMatrix().orElseThrow();
        assertThat(matrix.regions()).containsExactly("asia-east1", "europe-west1", "us-central1");
        assertThat(matrix.rttMicros(0, 1)).isEqualTo(255_000);
        assertThat(matrix.rttMicros(0, 2)).isEqualTo(155_000);
        assertThat(matrix.rttMicros(1, 2)).isEqualTo(105_000);
    }

    @Test
    void aPresetFollowsOtherRegionNamesByPosition() {
        ServerConfig config = ConfigTexts.load("""
                cluster: demo
                region: a
                regions:
                  - {name: a, address: 127.0.0.1:7101}
                  - {name: b, address: 127.0.0.1:7102}
                  - {name: c, address: 127.0.0.1:7103}
                wan:
                  preset: gcp
                """);
        LatencyMatrix matrix = config.latencyMatrix().orElseThrow();
        assertThat(matrix.regions()).containsExactly("a", "b", "c");
        assertThat(matrix.rttMicros(0, 1)).isEqualTo(105_000);
        assertThat(matrix.rttMicros(1, 2)).isEqualTo(255_000);
        assertThat(config.wan().preset()).contains("gcp3");
    }

    @Test
    void noneTurnsEmulationOff() {
        ServerConfig config = ConfigTexts.load(valid("wan:\n  preset: none\n"));
        assertThat(config.wan().emulated()).isFalse();
        assertThat(config.latencyMatrix()).isEmpty();
    }

    @Test
    void anInlineMatrix() {
        ServerConfig config = ConfigTexts.load(valid("""
                wan:
                  matrix:
                    - [0ms, 20ms, 30ms]
                    - [20ms, 0ms, 40ms]
                    - [30ms, 40ms, 0ms]
                  jitter: 5%
                  loss: 0.01
                """));
        assertThat(config.wan().roundTrips().get(1)).containsExactly(TimeSpan.ofMillis(20), TimeSpan.ofMillis(0),
                TimeSpan.ofMillis(40));
        assertThat(config.wan().jitter()).isEqualTo(Fraction.parse("5%"));
        assertThat(config.wan().loss().value()).isEqualTo(0.01);
        assertThat(config.latencyMatrix().orElseThrow().oneWayMicros(2, 1)).isEqualTo(20_000);
    }

    @Test
    void aPresetOrAMatrixNotBoth() {
        assertThat(problems(valid("""
                wan:
                  preset: gcp3
                  matrix: [[0ms]]
                """))).containsExactly("test.yaml:12: wan.matrix: give either wan.preset or wan.matrix, not both");
    }

    @Test
    void aMatrixMustBeSquareSymmetricWithAZeroDiagonal() {
        assertThat(problems(valid("""
                wan:
                  matrix:
                    - [0ms, 20ms]
                    - [20ms, 0ms]
                """))).containsExactly("test.yaml:11: wan.matrix: has 2 rows but regions lists 3");
        assertThat(problems(valid("""
                wan:
                  matrix:
                    - [0ms, 20ms, 30ms]
                    - [20ms, 0ms]
                    - [30ms, 40ms, 0ms]
                """))).containsExactly("test.yaml:13: wan.matrix[1]: has 2 round trips but regions lists 3");
        assertThat(problems(valid("""
                wan:
                  matrix:
                    - [5ms, 20ms, 30ms]
                    - [20ms, 0ms, 40ms]
                    - [30ms, 45ms, 0ms]
                """))).containsExactly(
                        "test.yaml:12: wan.matrix[0][0]: must be 0ms, a region's round trip to itself, not 5ms",
                        "test.yaml:14: wan.matrix[2][1]: 45ms differs from wan.matrix[1][2] (40ms); round trips must "
                                + "be symmetric");
    }

    @Test
    void matrixCellsAreDurations() {
        assertThat(problems(valid("""
                wan:
                  matrix:
                    - [0, 20ms, 30ms]
                    - 20ms
                    - [30ms, 40ms, 0ms]
                """))).containsExactly(
                        "test.yaml:12: wan.matrix[0][0]: '0' has no unit; use e.g. 10ms, 1s",
                        "test.yaml:13: wan.matrix[1]: expected a list of round trips such as [0ms, 105ms], not a value");
    }

    @Test
    void jitterAndLossNeedSomethingToEmulate() {
        assertThat(problems(valid("wan:\n  jitter: 5%\n  loss: 1%\n"))).containsExactly(
                "test.yaml:11: wan.jitter: has no effect without wan.preset or wan.matrix",
                "test.yaml:12: wan.loss: has no effect without wan.preset or wan.matrix");
    }

    @Test
    void builtInCodeAMatrixIsCheckedAlike() {
        ServerConfig.Builder builder = ServerConfig.builder().cluster("demo").region("a")
                .addRegion("a", HostPort.of("127.0.0.1", 7101)).addRegion("b", HostPort.of("127.0.0.1", 7102))
                .wan(WanSettings.matrix(List.of(List.of(TimeSpan.ofMillis(0), TimeSpan.ofMillis(10)),
                        List.of(TimeSpan.ofMillis(12), TimeSpan.ofMillis(0)))));
        assertThat(catchThrowableOfType(ConfigException.class, builder::build)
                .messages()).containsExactly("wan.matrix[1][0]: 12ms differs from wan.matrix[0][1] (10ms); round trips "
                        + "must be symmetric");
    }
}
