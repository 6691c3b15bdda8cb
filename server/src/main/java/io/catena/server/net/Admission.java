package io.catena.server.net;

/**
 * What a region's endpoint checks an accepted connection against, and whom it hands the
 * connection to once it is admitted: peer regions' messages go through the {@link PeerMessageCheck}
 * to the {@link Router}, clients' requests to the coordinator within the {@link IntakeLimits}, and
 * the messages of the region's other processes (members) to the router after a check of their
 * own, with their comings and goings told to {@code members}.
 * Shared by every connection of the endpoint; each part is thread-safe.
 *
 * @param policy   who may connect, and how long a caller has to say Hello
 * @param peers    what a peer region may send
 * @param router   delivers to this region's nodes
 * @param clients  the client connections, which get their addresses here
 * @param limits   how much client work the coordinator takes
 * @param refusals where refused connections are counted, by reason
 * @param members  told of connections from the region's other processes
 * @param leaders  the newest leader term of each region's coordinators, whose older links are refused
 */
public record Admission(HandshakePolicy policy, PeerMessageCheck peers, Router router, ClientConnections clients,
                        IntakeLimits limits, ConnectionRefusals refusals, MemberEvents members, LeaderFollow leaders) {

    /** The admission of a region in one process, which has no members. */
    public Admission(HandshakePolicy policy, PeerMessageCheck peers, Router router, ClientConnections clients,
                     IntakeLimits limits, ConnectionRefusals refusals) {
        this(policy, peers, router, clients, limits, refusals, MemberEvents.NONE, LeaderFollow.passive());
    }
}
