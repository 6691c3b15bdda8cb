package io.catena.server.net;

import io.catena.wire.Hello;
import io.catena.wire.WireProtocol;

/** The Hello frames test callers open connections with, correct unless a test changes a field. */
final class Hellos {

    private Hellos() {
    }

    static Hello client(String cluster, String region) {
        return Hello.client(cluster, region, "bad-input-test");
    }

    static Hello node(String cluster, String region, String registryDigest, String settingsDigest) {
        return new Hello(WireProtocol.VERSION, cluster, region, registryDigest, settingsDigest, Hello.PeerKind.NODE,
                region + "@bad-input-test");
    }
}
