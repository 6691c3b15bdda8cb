package io.catena.server.net;

/**
 * What a region process's listening endpoint needs to admit a connection and hand it on: the
 * handshake checks, where a peer region's messages go, where clients are registered, how much
 * client work it takes, and where refused connections are counted.
 */
public record Admission(HandshakePolicy policy, Router router, ClientConnections clients, IntakeLimits limits,
                        ConnectionRefusals refusals) {
}
