package io.catena.wire;

/**
 * The answer to an accepted {@link Hello}: the acceptor's identity. For a client connection,
 * {@code clientIndex} is the address replies to this connection carry; for node peers it is -1.
 * {@code role} says which process of its region answered (absent before version
 * {@value Hello#ROLE_SINCE}, read as the coordinator's), so that a process that dialled a
 * chain server's address can tell it reached the one the configuration places there.
 */
public record Welcome(int protocolVersion, String cluster, String region, int regionIndex, int clientIndex,
                      ProcessRole role) implements Frame {

    public Welcome {
        role = role == null ? ProcessRole.COORDINATOR : role;
    }

    /** The Welcome of a coordinator's process. */
    public Welcome(int protocolVersion, String cluster, String region, int regionIndex, int clientIndex) {
        this(protocolVersion, cluster, region, regionIndex, clientIndex, ProcessRole.COORDINATOR);
    }

    @Override
    public FrameKind kind() {
        return FrameKind.WELCOME;
    }
}
