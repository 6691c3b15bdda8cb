package io.catena.wire;

import java.util.OptionalLong;

/**
 * The first frame of a connection: who is calling and what it speaks. A node accepts a peer only
 * if the protocol version, the cluster name, the procedure registry digest and the cluster
 * settings digest all match its own, and if the peer's clock is not provably too far ahead of its
 * own; a client's digests are not checked (clients name procedures per call, and learn the
 * settings they need in the Welcome), and a client says no clock reading.
 *
 * @param protocolVersion {@link WireProtocol#VERSION} of the sender
 * @param cluster         the cluster name from the sender's configuration
 * @param region          the sender's region name (for clients: the region it wants to use)
 * @param registryDigest  the sender's {@code ProcedureRegistry.digest()}; empty for clients
 * @param settingsDigest  the sender's cluster fingerprint: a digest of the cluster name, the
 *                        regions, the protocol the cluster runs and its settings, which every
 *                        region must share; empty for clients, and absent from version 1 Hellos
 * @param clockMicros     the sender's cluster clock when it sent the Hello: microseconds since the
 *                        cluster's genesis, negative before it; empty for clients, and absent from
 *                        Hellos before version {@value #CLOCK_SINCE}
 * @param peer            whether the sender is a node process or a client
 * @param sender          a name for log lines (host, process or client name)
 * @param role            which process of its region a node is (a client says
 *                        {@link ProcessRole#COORDINATOR}, the only process it may call); absent
 *                        from Hellos before version {@value #ROLE_SINCE}, which read as the
 *                        coordinator's
 * @param term            the leader term of the coordinator's process that sends it, in a region whose
 *                        coordinators elect a leader; 0 from every other process and client, and
 *                        from Hellos before version {@value #TERM_SINCE}. A process follows the
 *                        highest term it has heard of a region, and refuses the links of lower ones
 */
public record Hello(int protocolVersion, String cluster, String region, String registryDigest,
                    String settingsDigest, OptionalLong clockMicros, PeerKind peer, String sender, ProcessRole role,
                    long term) implements Frame {

    /** The first version whose Hello carries {@link #settingsDigest}. */
    public static final int SETTINGS_DIGEST_SINCE = 2;

    /** The first version whose Hello carries {@link #clockMicros}. */
    public static final int CLOCK_SINCE = 3;

    /** The first version whose Hello (and {@link Welcome}) carries the process's {@link #role}. */
    public static final int ROLE_SINCE = 4;

    /** The first version whose Hello carries the sender's leader {@link #term}. */
    public static final int TERM_SINCE = 5;

    /** What is on the other end of a connection. */
    public enum PeerKind {
        NODE,
        CLIENT
    }

    public Hello {
        if (cluster == null || region == null || peer == null) {
            throw new IllegalArgumentException("a hello names its cluster, region and peer kind");
        }
        registryDigest = registryDigest == null ? "" : registryDigest;
        settingsDigest = settingsDigest == null ? "" : settingsDigest;
        clockMicros = clockMicros == null ? OptionalLong.empty() : clockMicros;
        sender = sender == null ? "" : sender;
        role = role == null ? ProcessRole.COORDINATOR : role;
        if (term < 0) {
            throw new IllegalArgumentException("a leader term is not negative, not " + term);
        }
    }

    /** A Hello without a leader term. */
    public Hello(int protocolVersion, String cluster, String region, String registryDigest, String settingsDigest,
                 OptionalLong clockMicros, PeerKind peer, String sender, ProcessRole role) {
        this(protocolVersion, cluster, region, registryDigest, settingsDigest, clockMicros, peer, sender, role, 0);
    }

    /** A Hello of a coordinator's process or a client, as before a region could span processes. */
    public Hello(int protocolVersion, String cluster, String region, String registryDigest, String settingsDigest,
                 OptionalLong clockMicros, PeerKind peer, String sender) {
        this(protocolVersion, cluster, region, registryDigest, settingsDigest, clockMicros, peer, sender,
                ProcessRole.COORDINATOR);
    }

    /** A client's Hello: it names the cluster and the region it wants, and nothing to check. */
    public static Hello client(String cluster, String region, String sender) {
        return new Hello(WireProtocol.VERSION, cluster, region, "", "", OptionalLong.empty(), PeerKind.CLIENT,
                sender);
    }

    /**
     * A region process's Hello to a peer region, with its cluster clock read just before sending,
     * so that the peer can tell a lower bound of how far ahead it runs.
     */
    public static Hello node(String cluster, String region, String registryDigest, String settingsDigest,
                             long clockMicros, String sender) {
        return node(cluster, region, registryDigest, settingsDigest, clockMicros, sender, ProcessRole.COORDINATOR);
    }

    /** As {@link #node(String, String, String, String, long, String)}, from the process of {@code role}. */
    public static Hello node(String cluster, String region, String registryDigest, String settingsDigest,
                             long clockMicros, String sender, ProcessRole role) {
        return node(cluster, region, registryDigest, settingsDigest, clockMicros, sender, role, 0);
    }

    /** As above, from a coordinator's process leading in {@code term}. */
    public static Hello node(String cluster, String region, String registryDigest, String settingsDigest,
                             long clockMicros, String sender, ProcessRole role, long term) {
        return new Hello(WireProtocol.VERSION, cluster, region, registryDigest, settingsDigest,
                OptionalLong.of(clockMicros), PeerKind.NODE, sender, role, term);
    }

    @Override
    public FrameKind kind() {
        return FrameKind.HELLO;
    }
}
