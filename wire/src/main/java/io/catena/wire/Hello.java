package io.catena.wire;

/**
 * The first frame of a connection: who is calling and what it speaks. A node accepts a peer only
 * if the protocol version, the cluster name, the procedure registry digest and the cluster
 * settings digest all match its own; a client's digests are not checked (clients name procedures
 * per call, and learn the settings they need in the Welcome).
 *
 * @param protocolVersion {@link WireProtocol#VERSION} of the sender
 * @param cluster         the cluster name from the sender's configuration
 * @param region          the sender's region name (for clients: the region it wants to use)
 * @param registryDigest  the sender's {@code ProcedureRegistry.digest()}; empty for clients
 * @param settingsDigest  the sender's cluster fingerprint: a digest of the cluster name, the
 *                        regions, the protocol the cluster runs and its settings, which every
 *                        region must share; empty for clients, and absent from version 1 Hellos
 * @param peer            whether the sender is a node process or a client
 * @param sender          a name for log lines (host, process or client name)
 */
public record Hello(int protocolVersion, String cluster, String region, String registryDigest,
                    String settingsDigest, PeerKind peer, String sender) implements Frame {

    /** The first version whose Hello carries {@link #settingsDigest}. */
    public static final int SETTINGS_DIGEST_SINCE = 2;

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
        sender = sender == null ? "" : sender;
    }

    /** A client's Hello: it names the cluster and the region it wants, and nothing to check. */
    public static Hello client(String cluster, String region, String sender) {
        return new Hello(WireProtocol.VERSION, cluster, region, "", "", PeerKind.CLIENT, sender);
    }

    @Override
    public FrameKind kind() {
        return FrameKind.HELLO;
    }
}
