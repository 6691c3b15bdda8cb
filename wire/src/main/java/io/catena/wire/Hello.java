package io.catena.wire;

/**
 * The first frame of a connection: who is calling and what it speaks. A node accepts a peer only
 * if the protocol version, the cluster name and the procedure registry digest all match its own;
 * a client's digest is not checked (clients name procedures per call).
 *
 * @param protocolVersion {@link WireProtocol#VERSION} of the sender
 * @param cluster         the cluster name from the sender's configuration
 * @param region          the sender's region name (for clients: the region it wants to use)
 * @param registryDigest  the sender's {@code ProcedureRegistry.digest()}; empty for clients
 * @param peer            whether the sender is a node process or a client
 * @param sender          a name for log lines (host, process or client name)
 */
public record Hello(int protocolVersion, String cluster, String region, String registryDigest, PeerKind peer,
                    String sender) implements Frame {

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
        sender = sender == null ? "" : sender;
    }

    @Override
    public FrameKind kind() {
        return FrameKind.HELLO;
    }
}
