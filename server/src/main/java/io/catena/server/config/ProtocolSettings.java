package io.catena.server.config;

import io.catena.core.config.ClusterConfig;
import io.catena.baselines.Protocol;
import java.util.List;
import java.util.Objects;

/**
 * The protocol's cluster-wide settings ({@code protocol:} in the file): every region must run
 * with the same ones, which the {@linkplain ClusterFingerprint fingerprint} lets processes check
 * at handshake. Defaults are {@link ClusterConfig}'s, so the file and the simulator agree.
 * Values are held as given; {@link ClusterConfig.Builder} validates them when the whole
 * configuration is validated.
 *
 * @param chainServers     chain servers in each region (default 4)
 * @param epochLength      length of an epoch (default 10ms)
 * @param delayTolerance   how long after an epoch a region waits for another region's record
 *                         before voting to abandon it; only with faultTolerance above 0
 *                         (default 400ms)
 * @param faultTolerance   regions that may be down or cut off while the others go on: 0 (every
 *                         region waits for every other) up to (regions-1)/2 (default 0)
 * @param voteWindowEpochs epochs in which votes on an epoch's order count; 0 for automatic,
 *                         {@code max(20, 2 * delayTolerance / epochLength)} (default automatic)
 * @param retransmitAfter  resend a record a peer has not acknowledged after this long
 *                         (default 400ms)
 * @param redundantEpochs  also resend the records of this many previous epochs with every epoch
 *                         message (default 1)
 * @param orderingGrace    how long a speculative precommit waits for an earlier conflicting
 *                         transaction of its epoch before overtaking it (default 300us)
 * @param maxTransactionBytes  a transaction larger than this is refused when it arrives (default
 *                         1MiB)
 * @param maxRecordBytes   the most one epoch's record of a region may take; transactions beyond
 *                         it wait for the next epochs' records (default 4MiB; at least twice
 *                         maxTransactionBytes plus a few hundred bytes)
 * @param maxEpochMessageBytes the largest frame an epoch message may take; records beyond it
 *                         follow in later epochs (default 8MiB; at least maxRecordBytes plus a
 *                         few hundred bytes, and at most every process's network.maxFrameBytes)
 * @param algorithm        what every region runs: Catena (default), or a comparison baseline of
 *                         {@code catena eval} (2pl, occ), to measure one against the other on the
 *                         same deployment; a baseline uses only the size limits above
 */
public record ProtocolSettings(int chainServers, TimeSpan epochLength, TimeSpan delayTolerance, int faultTolerance,
                               int voteWindowEpochs, TimeSpan retransmitAfter, int redundantEpochs,
                               TimeSpan orderingGrace, ByteSize maxTransactionBytes, ByteSize maxRecordBytes,
                               ByteSize maxEpochMessageBytes, Protocol algorithm) {

    /** {@link #voteWindowEpochs} value meaning "derive it from the delay tolerance". */
    public static final int AUTOMATIC_VOTE_WINDOW = 0;

    private static final ProtocolSettings DEFAULTS = fromCore(ClusterConfig.builder().build());

    public ProtocolSettings {
        Objects.requireNonNull(epochLength, "epochLength");
        Objects.requireNonNull(delayTolerance, "delayTolerance");
        Objects.requireNonNull(retransmitAfter, "retransmitAfter");
        Objects.requireNonNull(orderingGrace, "orderingGrace");
        Objects.requireNonNull(maxTransactionBytes, "maxTransactionBytes");
        Objects.requireNonNull(maxRecordBytes, "maxRecordBytes");
        Objects.requireNonNull(maxEpochMessageBytes, "maxEpochMessageBytes");
        Objects.requireNonNull(algorithm, "algorithm");
    }

    /** The defaults, taken from {@link ClusterConfig.Builder}. */
    public static ProtocolSettings defaults() {
        return DEFAULTS;
    }

    private static ProtocolSettings fromCore(ClusterConfig core) {
        return new ProtocolSettings(core.chainServersPerRegion(), TimeSpan.ofMicros(core.epochLengthMicros()),
                TimeSpan.ofMicros(core.delayToleranceMicros()), core.faultTolerance(), AUTOMATIC_VOTE_WINDOW,
                TimeSpan.ofMicros(core.retransmitAfterMicros()), core.redundantEpochs(),
                TimeSpan.ofMicros(core.orderingGraceMicros()), ByteSize.ofBytes(core.maxTransactionBytes()),
                ByteSize.ofBytes(core.maxRecordBytes()), ByteSize.ofBytes(core.maxEpochMessageBytes()),
                Protocol.CATENA);
    }

    /** A core builder holding these settings for {@code regions}; its {@code build()} validates them. */
    ClusterConfig.Builder toCoreBuilder(List<String> regions) {
        return ClusterConfig.builder().regions(regions).chainServersPerRegion(chainServers)
                .epochLengthMicros(epochLength.micros()).delayToleranceMicros(delayTolerance.micros())
                .faultTolerance(faultTolerance).voteWindowEpochs(voteWindowEpochs)
                .retransmitAfterMicros(retransmitAfter.micros()).redundantEpochs(redundantEpochs)
                .orderingGraceMicros(orderingGrace.micros()).maxTransactionBytes(maxTransactionBytes.bytes())
                .maxRecordBytes(maxRecordBytes.bytes()).maxEpochMessageBytes(maxEpochMessageBytes.bytes());
    }

    public ProtocolSettings withChainServers(int n) {
        return new ProtocolSettings(n, epochLength, delayTolerance, faultTolerance, voteWindowEpochs,
                retransmitAfter, redundantEpochs, orderingGrace, maxTransactionBytes, maxRecordBytes,
                maxEpochMessageBytes, algorithm);
    }

    public ProtocolSettings withEpochLength(TimeSpan span) {
        return new ProtocolSettings(chainServers, span, delayTolerance, faultTolerance, voteWindowEpochs,
                retransmitAfter, redundantEpochs, orderingGrace, maxTransactionBytes, maxRecordBytes,
                maxEpochMessageBytes, algorithm);
    }

    public ProtocolSettings withDelayTolerance(TimeSpan span) {
        return new ProtocolSettings(chainServers, epochLength, span, faultTolerance, voteWindowEpochs,
                retransmitAfter, redundantEpochs, orderingGrace, maxTransactionBytes, maxRecordBytes,
                maxEpochMessageBytes, algorithm);
    }

    public ProtocolSettings withFaultTolerance(int regions) {
        return new ProtocolSettings(chainServers, epochLength, delayTolerance, regions, voteWindowEpochs,
                retransmitAfter, redundantEpochs, orderingGrace, maxTransactionBytes, maxRecordBytes,
                maxEpochMessageBytes, algorithm);
    }

    public ProtocolSettings withVoteWindowEpochs(int epochs) {
        return new ProtocolSettings(chainServers, epochLength, delayTolerance, faultTolerance, epochs,
                retransmitAfter, redundantEpochs, orderingGrace, maxTransactionBytes, maxRecordBytes,
                maxEpochMessageBytes, algorithm);
    }

    public ProtocolSettings withRetransmitAfter(TimeSpan span) {
        return new ProtocolSettings(chainServers, epochLength, delayTolerance, faultTolerance, voteWindowEpochs,
                span, redundantEpochs, orderingGrace, maxTransactionBytes, maxRecordBytes,
                maxEpochMessageBytes, algorithm);
    }

    public ProtocolSettings withRedundantEpochs(int epochs) {
        return new ProtocolSettings(chainServers, epochLength, delayTolerance, faultTolerance, voteWindowEpochs,
                retransmitAfter, epochs, orderingGrace, maxTransactionBytes, maxRecordBytes,
                maxEpochMessageBytes, algorithm);
    }

    public ProtocolSettings withOrderingGrace(TimeSpan span) {
        return new ProtocolSettings(chainServers, epochLength, delayTolerance, faultTolerance, voteWindowEpochs,
                retransmitAfter, redundantEpochs, span, maxTransactionBytes, maxRecordBytes,
                maxEpochMessageBytes, algorithm);
    }

    public ProtocolSettings withMaxTransactionBytes(ByteSize size) {
        return new ProtocolSettings(chainServers, epochLength, delayTolerance, faultTolerance, voteWindowEpochs,
                retransmitAfter, redundantEpochs, orderingGrace, size, maxRecordBytes, maxEpochMessageBytes,
                algorithm);
    }

    public ProtocolSettings withMaxRecordBytes(ByteSize size) {
        return new ProtocolSettings(chainServers, epochLength, delayTolerance, faultTolerance, voteWindowEpochs,
                retransmitAfter, redundantEpochs, orderingGrace, maxTransactionBytes, size, maxEpochMessageBytes,
                algorithm);
    }

    public ProtocolSettings withMaxEpochMessageBytes(ByteSize size) {
        return new ProtocolSettings(chainServers, epochLength, delayTolerance, faultTolerance, voteWindowEpochs,
                retransmitAfter, redundantEpochs, orderingGrace, maxTransactionBytes, maxRecordBytes, size,
                algorithm);
    }

    public ProtocolSettings withAlgorithm(Protocol protocol) {
        return new ProtocolSettings(chainServers, epochLength, delayTolerance, faultTolerance, voteWindowEpochs,
                retransmitAfter, redundantEpochs, orderingGrace, maxTransactionBytes, maxRecordBytes,
                maxEpochMessageBytes, protocol);
    }
}
