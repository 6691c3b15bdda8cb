package io.catena.server.cluster;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.List;

/**
 * Loopback ports free a moment ago, for endpoints that must be known before they are bound (a
 * standby's address, which every region dials before the standby leads). Another process could
 * take one in between; on a test or demo machine that is rare, and the bind then fails in one
 * sentence that names the port.
 */
final class FreePorts {

    private FreePorts() {
    }

    static List<InetSocketAddress> loopback(int count) {
        List<ServerSocket> held = new ArrayList<>();
        try {
            for (int i = 0; i < count; i++) {
                held.add(new ServerSocket(0, 1, InetAddress.getLoopbackAddress()));
            }
            return held.stream().map(s -> new InetSocketAddress("127.0.0.1", s.getLocalPort())).toList();
        } catch (IOException e) {
            throw new UncheckedIOException("no free loopback port: " + e.getMessage(), e);
        } finally {
            for (ServerSocket s : held) {
                try {
                    s.close();
                } catch (IOException ignored) {
                    // nothing was accepted on it
                }
            }
        }
    }
}
