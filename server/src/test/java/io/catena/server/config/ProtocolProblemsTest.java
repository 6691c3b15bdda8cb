package io.catena.server.config;

import static io.catena.server.config.ConfigTexts.problems;
import static io.catena.server.config.ConfigTexts.valid;
import static org.assertj.core.api.Assertions.assertThat;

import io.catena.core.config.ClusterConfig;
import io.catena.core.protocol.Protocol;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The protocol's numbers, checked by the core's own rules and reported at their keys. */
class ProtocolProblemsTest {

    @Test
    void epochLengthBelowTheCoresMinimum() {
        assertThat(problems(valid("""
                protocol:
                  epochLength: 50us
                  orderingGrace: 0ms
                """))).containsExactly("test.yaml:11: protocol.epochLength: must be at least 100us, not 50us");
    }

    @Test
    void aDefaultThatNoLongerFitsIsReportedAtItsKeyOnTheSectionsLine() {
        assertThat(problems(valid("""
                protocol:
                  epochLength: 200us
                """))).containsExactly(
                        "test.yaml:10: protocol.orderingGrace: must be between 0ms and the epoch length, not 300us");
    }

    @Test
    void delayToleranceBelowOneEpoch() {
        assertThat(problems(valid("""
                protocol:
                  epochLength: 10ms
                  delayTolerance: 5ms
                """))).containsExactly("test.yaml:12: protocol.delayTolerance: must be at least one epoch");
    }

    @Test
    void retransmitBelowOneEpoch() {
        assertThat(problems(valid("""
                protocol:
                  retransmitAfter: 1ms
                """))).containsExactly("test.yaml:11: protocol.retransmitAfter: must be at least one epoch");
    }

    @Test
    void faultToleranceMustLeaveAMajority() {
        assertThat(problems(valid("""
                protocol:
                  faultTolerance: 2
                """))).containsExactly("test.yaml:11: protocol.faultTolerance: must be between 0 and 1 for 3 regions, "
                        + "not 2, so that the regions that go on remain a majority");
    }

    @Test
    void anUnknownAlgorithm() {
        assertThat(problems(valid("""
                protocol:
                  algorithm: paxos
                """))).containsExactly("test.yaml:11: protocol.algorithm: unknown protocol 'paxos'; expected one of "
                        + String.join(", ", Protocol.names()));
    }

    @Test
    void anAlgorithmThatIsNoName() {
        assertThat(problems(valid("""
                protocol:
                  algorithm: [catena, occ]
                """))).containsExactly("test.yaml:11: protocol.algorithm: expected " + orList(Protocol.names()) + ", not a list");
    }

    @Test
    void aBaselineToleratesNoRegionFailure() {
        assertThat(problems(valid("""
                protocol:
                  faultTolerance: 1
                  algorithm: 2pl
                """))).containsExactly("test.yaml:11: protocol.faultTolerance: 2pl handles no region failure "
                        + "(docs/PROTOCOL.md), so it must be 0, not 1");
    }

    @Test
    void chainServersAndRedundancy() {
        assertThat(problems(valid("""
                protocol:
                  chainServers: 0
                  redundantEpochs: -1
                """))).containsExactly(
                        "test.yaml:11: protocol.chainServers: must be at least 1, not 0",
                        "test.yaml:12: protocol.redundantEpochs: must not be negative");
    }

    @Test
    void voteWindowIsPositiveOrAuto() {
        assertThat(problems(valid("""
                protocol:
                  voteWindowEpochs: 0
                """))).containsExactly(
                        "test.yaml:11: protocol.voteWindowEpochs: must be a positive number of epochs, or auto, not 0");
        assertThat(problems(valid("""
                protocol:
                  voteWindowEpochs: often
                """))).containsExactly("test.yaml:11: protocol.voteWindowEpochs: 'often' is neither a whole number nor auto");
    }

    @Test
    void theCoreRulesWaitUntilTheirInputsCanBeRead() {
        // With the epoch unreadable, "delayTolerance must be at least one epoch" would be a guess.
        assertThat(problems(valid("""
                protocol:
                  epochLength: ten
                  delayTolerance: 1ms
                """))).containsExactly("test.yaml:11: protocol.epochLength: 'ten' is not a duration; use e.g. 10ms, 1s");
    }

    @Test
    void everyProtocolKeyReachesTheCore() {
        ClusterConfig core = ConfigTexts.load(valid("""
                protocol:
                  chainServers: 8
                  epochLength: 5ms
                  delayTolerance: 1s
                  faultTolerance: 1
                  voteWindowEpochs: 50
                  retransmitAfter: 200ms
                  redundantEpochs: 3
                  orderingGrace: 1ms
                  maxTransactionBytes: 64KiB
                  maxRecordBytes: 256KiB
                  maxEpochMessageBytes: 1MiB
                """)).toClusterConfig();
        assertThat(core).isEqualTo(ClusterConfig.builder()
                .regions(List.of("us-central1", "europe-west1", "asia-east1")).chainServersPerRegion(8)
                .epochLengthMicros(5_000).delayToleranceMicros(1_000_000).faultTolerance(1).voteWindowEpochs(50)
                .retransmitAfterMicros(200_000).redundantEpochs(3).orderingGraceMicros(1_000)
                .maxTransactionBytes(64 << 10).maxRecordBytes(256 << 10).maxEpochMessageBytes(1 << 20).build());
    }

    @Test
    void sizeLimitsMustNestAndAreReportedAsSizes() {
        assertThat(problems(valid("""
                protocol:
                  maxTransactionBytes: 3MiB
                """))).containsExactly("test.yaml:10: protocol.maxRecordBytes: must hold two of the largest "
                        + "transactions and the record's own fields: at least 6291654, not 4MiB");
        assertThat(problems(valid("""
                protocol:
                  maxRecordBytes: 8MiB
                """))).containsExactly("test.yaml:10: protocol.maxEpochMessageBytes: must hold the largest record "
                        + "and the message's own fields: at least 8388897, not 8MiB");
        assertThat(problems(valid("""
                protocol:
                  maxTransactionBytes: 512
                  maxEpochMessageBytes: 2GiB
                """))).containsExactly(
                        "test.yaml:11: protocol.maxTransactionBytes: must be between 1KiB and 1GiB, not 512",
                        "test.yaml:12: protocol.maxEpochMessageBytes: must be between 1 and 1GiB, not 2GiB");
        assertThat(problems(valid("protocol:\n  maxRecordBytes: 4MB\n"))).containsExactly(
                "test.yaml:11: protocol.maxRecordBytes: '4MB' is not a size; use e.g. 16MiB, 512KiB or a number of bytes");
    }

    @Test
    void theAutomaticVoteWindowIsTheCoresChoice() {
        assertThat(ConfigTexts.load(valid("protocol:\n  voteWindowEpochs: auto\n")).toClusterConfig().voteWindowEpochs())
                .isEqualTo(80);
    }

    /** The protocols' names as the message lists them: "catena, 2pl, ... or occ", whichever are on the class path. */
    private static String orList(List<String> names) {
        return String.join(", ", names.subList(0, names.size() - 1)) + " or " + names.get(names.size() - 1);
    }
}
