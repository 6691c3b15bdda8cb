package io.catena.storage.hbase;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;

/**
 * The three TCP ports a standalone HBase listens on, all on 127.0.0.1: its embedded ZooKeeper's
 * client port, the master's RPC port and the region server's RPC port. Chosen once, when a
 * {@link LocalHBase} is made, and kept across restarts so clients and the data's recorded server
 * names stay valid.
 */
record HBasePorts(int zookeeper, int master, int regionServer) {

    /**
     * Three ports the operating system reports free right now. Another process may still take one
     * before HBase binds it; HBase then fails to start and says which port was taken.
     */
    static HBasePorts free() {
        try (ServerSocket a = bindAny(); ServerSocket b = bindAny(); ServerSocket c = bindAny()) {
            return new HBasePorts(a.getLocalPort(), b.getLocalPort(), c.getLocalPort());
        } catch (IOException e) {
            throw new UncheckedIOException("could not find free ports on 127.0.0.1 for HBase: " + e.getMessage(), e);
        }
    }

    private static ServerSocket bindAny() throws IOException {
        return new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
    }
}
