package io.catena.server.config;

import static io.catena.server.config.ConfigTexts.problems;
import static io.catena.server.config.ConfigTexts.valid;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Problems of the file's shape: keys, types, YAML itself. */
class FileProblemsTest {

    @Test
    void unknownKeySuggestsTheNearestKnownOne() {
        assertThat(problems(valid("""
                protocol:
                  epochLenght: 10ms
                """))).containsExactly("test.yaml:11: protocol.epochLenght: unknown key; did you mean epochLength?");
    }

    @Test
    void unknownKeyWithoutNearOneListsTheKnownKeys() {
        assertThat(problems(valid("""
                storage:
                  colour: blue
                """))).containsExactly("test.yaml:11: storage.colour: unknown key; known keys here: backend, journal, cassandra, hbase");
    }

    @Test
    void unknownTopLevelKey() {
        assertThat(problems(valid("""
                protocl:
                  epochLength: 10ms
                """))).containsExactly("test.yaml:10: protocl: unknown key; did you mean protocol?");
    }

    @Test
    void unknownKeyInARegion() {
        assertThat(problems("""
                cluster: demo
                region: a
                regions:
                  - name: a
                    adress: 127.0.0.1:7101
                """)).containsExactly(
                        "test.yaml:4: regions[0].address: missing required key",
                        "test.yaml:5: regions[0].adress: unknown key; did you mean address?");
    }

    @Test
    void missingRequiredKeys() {
        assertThat(problems("""
                protocol:
                  epochLength: 10ms
                """)).containsExactly(
                        "test.yaml: regions: missing required key",
                        "test.yaml: cluster: missing required key",
                        "test.yaml: region: missing required key; name the region this process runs, here or on the "
                                + "command line");
    }

    @Test
    void anEmptyValueCountsAsMissing() {
        assertThat(problems(valid("").replace("cluster: demo", "cluster:")))
                .containsExactly("test.yaml:1: cluster: missing required key");
    }

    @Test
    void durationWithASpaceIsNotADuration() {
        assertThat(problems(valid("""
                protocol:
                  epochLength: 10 ms
                """))).containsExactly("test.yaml:11: protocol.epochLength: '10 ms' is not a duration; use e.g. 10ms, 1s");
    }

    @Test
    void wrongTypes() {
        assertThat(problems(valid("""
                protocol:
                  faultTolerance: one
                  delayTolerance: [400ms]
                network:
                  maxFrameBytes: 16MB
                wan:
                  preset: gcp3
                  jitter: lots
                """))).containsExactly(
                        "test.yaml:11: protocol.faultTolerance: 'one' is not a whole number",
                        "test.yaml:12: protocol.delayTolerance: expected a duration such as 10ms, not a list",
                        "test.yaml:14: network.maxFrameBytes: '16MB' is not a size; use e.g. 16MiB, 512KiB or a number "
                                + "of bytes",
                        "test.yaml:17: wan.jitter: 'lots' is not a fraction; use e.g. 5% or 0.05");
    }

    @Test
    void aSectionThatIsNotAMapping() {
        assertThat(problems(valid("protocol: fast\n")))
                .containsExactly("test.yaml:10: protocol: expected a mapping of keys, not a value");
    }

    @Test
    void regionsThatAreNotAList() {
        assertThat(problems("cluster: demo\nregion: a\nregions: a\n"))
                .containsExactly("test.yaml:3: regions: expected a list of regions, not a value");
    }

    @Test
    void aRegionThatIsNotAMapping() {
        assertThat(problems("cluster: demo\nregion: a\nregions:\n  - a\n")).containsExactly(
                "test.yaml:4: regions[0]: expected a mapping with name: and address:, not a value");
    }

    @Test
    void aKeyGivenTwice() {
        assertThat(problems(valid("""
                protocol:
                  epochLength: 10ms
                  epochLength: 20ms
                """))).containsExactly("test.yaml:12: protocol.epochLength: given twice (first on line 11); keep one");
    }

    @Test
    void yamlSyntaxErrorIsOneSentenceWithItsLine() {
        assertThat(problems("cluster: demo\nregion: [a\n"))
                .singleElement().asString()
                .startsWith("test.yaml:2: not valid YAML: ")
                .doesNotContain("\n").doesNotContain("Exception").doesNotContain("at com.");
    }

    @Test
    void aSecondDocumentIsRefused() {
        assertThat(problems(valid("---\ncluster: other\n")))
                .containsExactly("test.yaml:11: only one YAML document is allowed; another starts at line 11");
    }

    @Test
    void aFileThatIsAListIsRefused() {
        assertThat(problems("- cluster: demo\n"))
                .containsExactly("test.yaml:1: the file must be a mapping of keys such as cluster: and regions:, not a list");
    }

    @Test
    void aliasesAreRefused() {
        assertThat(problems(valid("""
                protocol:
                  epochLength: &e 10ms
                  retransmitAfter: *e
                """))).containsExactly("test.yaml:12: protocol.retransmitAfter: aliases (*e) are not supported; write the "
                        + "value out");
    }

    @Test
    void anEmptyFileLacksEveryRequiredKey() {
        assertThat(problems("# nothing yet\n")).containsExactly(
                "test.yaml: regions: missing required key",
                "test.yaml: cluster: missing required key",
                "test.yaml: region: missing required key; name the region this process runs, here or on the "
                        + "command line");
    }

    @Test
    void everyProblemIsReportedInLineOrder() {
        ConfigException refused = (ConfigException) catchThrowable(() ->
                ConfigFile.parse(valid("""
                        protocol:
                          epochLength: 10 ms
                          faultTolerance: many
                        storage:
                          backend: disk
                        """).replace("region: us-central1", "region: us-centrl1"), "test.yaml", Path.of("/"), null));
        assertThat(refused.problems()).extracting(ConfigProblem::line).containsExactly(2, 11, 12, 14);
        assertThat(refused.getMessage()).isEqualTo("""
                4 problems in test.yaml:
                test.yaml:2: region: 'us-centrl1' is not among regions (us-central1, europe-west1, asia-east1); \
                did you mean us-central1?
                test.yaml:11: protocol.epochLength: '10 ms' is not a duration; use e.g. 10ms, 1s
                test.yaml:12: protocol.faultTolerance: 'many' is not a whole number
                test.yaml:14: storage.backend: 'disk' is not a storage backend; use one of memory, cassandra, hbase""");
        assertThat(refused.messages()).first().isEqualTo("region: 'us-centrl1' is not among regions (us-central1, "
                + "europe-west1, asia-east1); did you mean us-central1?");
    }

    @Test
    void aMissingFileIsOneProblem(@TempDir Path directory) {
        Path file = directory.resolve("absent.yaml");
        assertThatThrownBy(() -> ConfigFile.load(file)).isInstanceOf(ConfigException.class)
                .hasMessage("1 problem in " + file + ":\n" + file + ": no such file");
    }
}
