package io.catena.server.net;

import io.catena.wire.Hello;
import io.catena.wire.WireProtocol;
import java.time.Duration;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Who a region process talks to: the checks a {@link Hello} must pass, each failure one sentence
 * that is both sent to the caller and logged. A node accepts nodes of its own cluster that run
 * the same procedures with the same cluster settings and whose clocks are not provably too far
 * ahead of its own, and clients that want its region, if they say Hello in time.
 *
 * @param cluster        the cluster name
 * @param regionNames    every region of the cluster, in cluster order
 * @param localRegion    the index of this process's region
 * @param registryDigest this process's procedure registry digest
 * @param settingsDigest this process's cluster fingerprint: regions, protocol and its settings
 * @param clocks         how far ahead of this process's clock a peer region's may run
 * @param helloTimeout   how long after connecting a caller has to deliver its whole Hello
 */
public record HandshakePolicy(String cluster, List<String> regionNames, int localRegion, String registryDigest,
                              String settingsDigest, ClockSkewCheck clocks, Duration helloTimeout) {

    /** Enough of a caller's name to recognise it. */
    private static final int MAX_SHOWN_CHARS = 40;
    private static final Pattern CONTROL = Pattern.compile("[\\p{Cc}\\p{Zl}\\p{Zp}]");

    /** Long enough for a TLS handshake over a slow WAN link, short enough that idle sockets do not pile up. */
    public static final Duration DEFAULT_HELLO_TIMEOUT = Duration.ofSeconds(10);

    public HandshakePolicy {
        regionNames = List.copyOf(regionNames);
        if (localRegion < 0 || localRegion >= regionNames.size()) {
            throw new IllegalArgumentException("region #" + localRegion + " is not in the region list " + regionNames);
        }
        if (clocks == null) {
            throw new IllegalArgumentException("a handshake policy needs this process's clock to compare peers' with");
        }
        if (helloTimeout.isNegative() || helloTimeout.isZero()) {
            throw new IllegalArgumentException("the hello timeout must be positive, not " + helloTimeout);
        }
    }

    /** The policy with the {@link #DEFAULT_HELLO_TIMEOUT}. */
    public HandshakePolicy(String cluster, List<String> regionNames, int localRegion, String registryDigest,
                           String settingsDigest, ClockSkewCheck clocks) {
        this(cluster, regionNames, localRegion, registryDigest, settingsDigest, clocks, DEFAULT_HELLO_TIMEOUT);
    }

    public String localRegionName() {
        return regionNames.get(localRegion);
    }

    /** Why {@code hello} is refused, or null if it is accepted. */
    public String refusal(Hello hello) {
        if (hello.protocolVersion() != WireProtocol.VERSION) {
            return "wire protocol version " + hello.protocolVersion() + " is not supported; this node speaks version "
                    + WireProtocol.VERSION;
        }
        if (!hello.cluster().equals(cluster)) {
            return "this node belongs to cluster '" + cluster + "', not " + shown(hello.cluster());
        }
        return switch (hello.peer()) {
            case CLIENT -> hello.region().equals(localRegionName()) ? null
                    : "this is region " + localRegionName() + "; connect to a coordinator of region "
                            + shown(hello.region());
            case NODE -> nodeRefusal(hello);
        };
    }

    private String nodeRefusal(Hello hello) {
        int index = regionNames.indexOf(hello.region());
        if (index < 0) {
            return "region " + shown(hello.region()) + " is not in this cluster's region list " + regionNames;
        }
        if (index == localRegion) {
            return "region " + hello.region() + " is this node's own region; check the peer addresses";
        }
        if (!hello.registryDigest().equals(registryDigest)) {
            return "procedure registries differ (this node: " + abbreviate(registryDigest) + ", peer: "
                    + shown(abbreviate(hello.registryDigest())) + "); deploy the same procedures to every region";
        }
        if (!hello.settingsDigest().equals(settingsDigest)) {
            // Epochs of another length or another protocol would not fail loudly here: they would
            // make the regions disagree on the order, so the whole cluster-wide part must match.
            return "cluster settings differ (this node: " + abbreviate(settingsDigest) + ", peer: "
                    + shown(abbreviate(hello.settingsDigest())) + "); give every region the same region list and "
                    + "protocol section";
        }
        return clocks.refusal(localRegionName(), hello);
    }

    private static String abbreviate(String digest) {
        return digest.length() > 12 ? digest.substring(0, 12) : digest;
    }

    /**
     * Text a caller sent (a name, a digest), as refusals and log lines show it: quoted, cut to
     * {@value #MAX_SHOWN_CHARS} characters, line breaks and other control characters replaced, so
     * that a hostile Hello can neither flood the log nor forge lines in it.
     */
    static String shown(String callerText) {
        String cut = callerText.length() > MAX_SHOWN_CHARS
                ? callerText.substring(0, MAX_SHOWN_CHARS) + "..." : callerText;
        return "'" + CONTROL.matcher(cut).replaceAll("?") + "'";
    }
}
