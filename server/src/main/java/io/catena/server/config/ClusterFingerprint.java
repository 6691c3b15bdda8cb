package io.catena.server.config;

import io.catena.baselines.Protocol;
import io.catena.core.config.ClusterConfig;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Objects;

/**
 * A SHA-256 digest of everything every region must agree on: the cluster name, the region names
 * in order, which protocol they run, and its settings as the core resolves them. Two processes
 * compare fingerprints at handshake to refuse a peer that runs other settings. It is computed from
 * resolved values, so {@code epochLength: 10ms} and {@code epochLength: 10000us} agree, and it
 * leaves out everything a process may set for itself: which region it runs, addresses (peers may
 * reach a region by another address than its own file gives, behind NAT), storage, TLS, WAN
 * emulation and network limits.
 *
 * @param hex the digest as 64 lower-case hexadecimal digits
 */
public record ClusterFingerprint(String hex) {

    /** Raised whenever {@link #canonicalText} changes, so that old and new processes disagree. */
    private static final int FORMAT_VERSION = 3;

    public ClusterFingerprint {
        Objects.requireNonNull(hex, "hex");
        if (!hex.matches("[0-9a-f]{64}")) {
            throw new IllegalArgumentException("a fingerprint is 64 hexadecimal digits, not '" + hex + "'");
        }
    }

    /** The fingerprint of {@code cluster} running {@code algorithm} with {@code config}. */
    public static ClusterFingerprint of(String cluster, ClusterConfig config, Protocol algorithm) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256")
                    .digest(canonicalText(cluster, config, algorithm).getBytes(StandardCharsets.UTF_8));
            return new ClusterFingerprint(HexFormat.of().formatHex(digest));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e);
        }
    }

    /**
     * The text that is digested: one {@code key=value} line per setting in a fixed order. Worth
     * logging side by side when two fingerprints differ, to see which setting does.
     */
    public static String canonicalText(String cluster, ClusterConfig config, Protocol algorithm) {
        return "catena-cluster v" + FORMAT_VERSION + "\n"
                + "cluster=" + cluster + "\n"
                + "regions=" + String.join(",", config.regions()) + "\n"
                + "algorithm=" + algorithm.flag() + "\n"
                + "chainServersPerRegion=" + config.chainServersPerRegion() + "\n"
                + "epochLengthMicros=" + config.epochLengthMicros() + "\n"
                + "faultTolerance=" + config.faultTolerance() + "\n"
                + "delayToleranceMicros=" + config.delayToleranceMicros() + "\n"
                + "voteWindowEpochs=" + config.voteWindowEpochs() + "\n"
                + "retransmitAfterMicros=" + config.retransmitAfterMicros() + "\n"
                + "redundantEpochs=" + config.redundantEpochs() + "\n"
                + "orderingGraceMicros=" + config.orderingGraceMicros() + "\n"
                + "maxTransactionBytes=" + config.maxTransactionBytes() + "\n"
                + "maxRecordBytes=" + config.maxRecordBytes() + "\n"
                + "maxEpochMessageBytes=" + config.maxEpochMessageBytes() + "\n";
    }

    /** The first 12 digits, enough to tell fingerprints apart in a log line. */
    public String shortForm() {
        return hex.substring(0, 12);
    }

    @Override
    public String toString() {
        return hex;
    }
}
