package io.catena.wire;

import java.util.OptionalLong;

/**
 * The answer to an accepted {@link Hello}: the acceptor's identity. For a client connection,
 * {@code clientIndex} is the address replies to this connection carry; for node peers it is -1.
 * {@code role} says which process of its region answered (absent before version
 * {@value Hello#ROLE_SINCE}, read as the coordinator's), so that a process that dialled a
 * chain server's address can tell it reached the one the configuration places there.
 *
 * @param clockMicros the acceptor's cluster clock when it sent the Welcome (microseconds since the
 *                    cluster's genesis), from version {@value #CLOCK_SINCE} on: a client reads a
 *                    coordinator's clock from it to stamp its requests' issue times
 *                    ({@code SubmitTxn.issuedMicros}) on that clock
 */
public record Welcome(int protocolVersion, String cluster, String region, int regionIndex, int clientIndex,
                      ProcessRole role, OptionalLong clockMicros) implements Frame {

    /** The first version whose Welcome carries {@link #clockMicros}, and whose SubmitTxn its issue time. */
    public static final int CLOCK_SINCE = 6;

    public Welcome {
        role = role == null ? ProcessRole.COORDINATOR : role;
        clockMicros = clockMicros == null ? OptionalLong.empty() : clockMicros;
    }

    /** A Welcome without a clock reading. */
    public Welcome(int protocolVersion, String cluster, String region, int regionIndex, int clientIndex,
                   ProcessRole role) {
        this(protocolVersion, cluster, region, regionIndex, clientIndex, role, OptionalLong.empty());
    }

    /** The Welcome of a coordinator's process, without a clock reading. */
    public Welcome(int protocolVersion, String cluster, String region, int regionIndex, int clientIndex) {
        this(protocolVersion, cluster, region, regionIndex, clientIndex, ProcessRole.COORDINATOR);
    }

    @Override
    public FrameKind kind() {
        return FrameKind.WELCOME;
    }
}
