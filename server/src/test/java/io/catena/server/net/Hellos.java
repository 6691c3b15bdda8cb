package io.catena.server.net;

import io.catena.wire.Hello;

/** The Hello frames test callers open connections with, correct unless a test changes a field. */
final class Hellos {

    private Hellos() {
    }

    static Hello client(String cluster, String region) {
        return Hello.client(cluster, region, "bad-input-test");
    }

    /** A node's Hello, with {@code clockMicros} as its cluster clock reading. */
    static Hello node(String cluster, String region, String registryDigest, String settingsDigest, long clockMicros) {
        return Hello.node(cluster, region, registryDigest, settingsDigest, clockMicros, region + "@bad-input-test");
    }
}
