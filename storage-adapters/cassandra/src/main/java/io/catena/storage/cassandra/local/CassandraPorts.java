package io.catena.storage.cassandra.local;

import java.util.ArrayList;
import java.util.List;

/**
 * The three ports a local Cassandra node listens on: CQL clients ({@code nativePort}) and
 * inter-node messaging ({@code storagePort}) on the node's own loopback address, the same numbers on
 * every node of a cluster as in a real one; JMX for nodetool ({@code jmxPort}) on 127.0.0.1, one
 * per node.
 */
public record CassandraPorts(int nativePort, int storagePort, int jmxPort) {

    public CassandraPorts {
        for (int port : new int[] {nativePort, storagePort, jmxPort}) {
            if (port < 1 || port > 65_535) {
                throw new IllegalArgumentException("a Cassandra port must be in 1..65535, got " + port);
            }
        }
    }

    /** Three ports that are free on 127.0.0.1 right now. */
    public static CassandraPorts free() {
        int[] p = FreePorts.allocate(3);
        return new CassandraPorts(p[0], p[1], p[2]);
    }

    /** The ports of the {@code nodes} nodes of a cluster: shared CQL and storage ports, a JMX port each. */
    static List<CassandraPorts> freeForCluster(List<String> addresses) {
        int[] p = FreePorts.allocate(2 + addresses.size(), addresses);
        List<CassandraPorts> ports = new ArrayList<>();
        for (int i = 0; i < addresses.size(); i++) {
            ports.add(new CassandraPorts(p[0], p[1], p[2 + i]));
        }
        return ports;
    }
}
