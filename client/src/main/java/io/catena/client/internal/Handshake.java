package io.catena.client.internal;

import io.catena.client.ConnectionUrl;
import io.catena.wire.Hello;
import io.catena.wire.Welcome;
import io.catena.wire.WireProtocol;

/**
 * The client's side of the handshake: the {@link Hello} it opens each link with, and whether the
 * {@link Welcome} that answers it comes from a coordinator this connection may use.
 */
final class Handshake {

    private Handshake() {
    }

    static Hello hello(ConnectionUrl url, long clientId) {
        return Hello.client(url.cluster(), url.region(), "client-" + Long.toHexString(clientId));
    }

    /**
     * Why the welcome's sender is the wrong coordinator for this URL, or null if it is a right one.
     * A coordinator should have refused these cases itself; checking again means a misrouted
     * address (a load balancer, a stale DNS entry) cannot put a connection into the wrong region.
     */
    static String mismatch(Welcome welcome, ConnectionUrl url) {
        if (welcome.protocolVersion() != WireProtocol.VERSION) {
            return "it speaks wire protocol version " + welcome.protocolVersion() + " and this client version "
                    + WireProtocol.VERSION;
        }
        if (welcome.clockMicros().isEmpty()) {
            return "it sent no clock reading, which a coordinator of wire protocol version " + WireProtocol.VERSION
                    + " sends";
        }
        if (!url.cluster().equals(welcome.cluster())) {
            return "it belongs to cluster " + welcome.cluster() + ", not " + url.cluster();
        }
        if (!url.region().equals(welcome.region())) {
            return "it serves region " + welcome.region() + ", not " + url.region();
        }
        return null;
    }
}
