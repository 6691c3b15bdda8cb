package io.catena.storage.cassandra.local;

/**
 * The three ports a local Cassandra listens on, all on 127.0.0.1: CQL clients ({@code nativePort}),
 * inter-node messaging ({@code storagePort}) and JMX for nodetool ({@code jmxPort}).
 */
public record CassandraPorts(int nativePort, int storagePort, int jmxPort) {

    public CassandraPorts {
        for (int port : new int[] {nativePort, storagePort, jmxPort}) {
            if (port < 1 || port > 65_535) {
                throw new IllegalArgumentException("a Cassandra port must be in 1..65535, got " + port);
            }
        }
    }

    /** Three ports that are free right now. */
    public static CassandraPorts free() {
        int[] p = FreePorts.allocate(3);
        return new CassandraPorts(p[0], p[1], p[2]);
    }
}
