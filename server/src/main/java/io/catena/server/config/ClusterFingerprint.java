package io.catena.server.config;

import io.catena.core.config.ClusterConfig;
import io.catena.core.config.keys.ProtocolKeys;
import io.catena.core.config.keys.SettingKey;
import io.catena.core.protocol.Protocol;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * A SHA-256 digest of everything every region must agree on: the cluster name, the region names
 * in order, which protocol they run, its settings as the core resolves them, and the regions'
 * epoch offsets. Two processes
 * compare fingerprints at handshake to refuse a peer that runs other settings. It is computed from
 * resolved values, so {@code epochLength: 10ms} and {@code epochLength: 10000us} agree, and it
 * leaves out everything a process may set for itself: which region it runs, addresses (peers may
 * reach a region by another address than its own file gives, behind NAT), storage, TLS, WAN
 * emulation and network limits.
 *
 * @param hex the digest as 64 lower-case hexadecimal digits
 */
public record ClusterFingerprint(String hex) {

    /**
     * Raised whenever {@link #canonicalText} changes, so that old and new processes disagree. The
     * epoch offsets' line did not raise it: a text has it only when some region's offset is not 0,
     * which no process of before has, so a cluster without offsets keeps its fingerprint.
     */
    private static final int FORMAT_VERSION = 3;

    /**
     * The settings digested, in the order of version 3 of the text: peers of different versions
     * compare fingerprints, so a new key goes at the end and raises {@link #FORMAT_VERSION}.
     */
    static final List<SettingKey> DIGESTED = List.of(ProtocolKeys.CHAIN_SERVERS, ProtocolKeys.EPOCH_LENGTH,
            ProtocolKeys.FAULT_TOLERANCE, ProtocolKeys.DELAY_TOLERANCE, ProtocolKeys.VOTE_WINDOW_EPOCHS,
            ProtocolKeys.RETRANSMIT_AFTER, ProtocolKeys.REDUNDANT_EPOCHS, ProtocolKeys.ORDERING_GRACE,
            ProtocolKeys.MAX_TRANSACTION_BYTES, ProtocolKeys.MAX_RECORD_BYTES, ProtocolKeys.MAX_EPOCH_MESSAGE_BYTES);

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
        StringBuilder text = new StringBuilder("catena-cluster v" + FORMAT_VERSION + "\n")
                .append("cluster=").append(cluster).append('\n')
                .append("regions=").append(String.join(",", config.regions())).append('\n')
                .append("algorithm=").append(algorithm.name()).append('\n');
        for (SettingKey key : DIGESTED) {
            text.append(key.coreName()).append('=').append(config.value(key)).append('\n');
        }
        if (config.hasEpochOffsets()) {
            text.append(ProtocolKeys.EPOCH_OFFSETS_CORE_NAME).append('=')
                    .append(config.epochOffsetsMicros().stream().map(String::valueOf).collect(Collectors.joining(",")))
                    .append('\n');
        }
        return text.toString();
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
