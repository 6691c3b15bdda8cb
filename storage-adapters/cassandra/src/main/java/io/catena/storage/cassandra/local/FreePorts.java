package io.catena.storage.cassandra.local;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.List;

/**
 * Ports on 127.0.0.1 that nobody listens on right now, found by binding port 0. Several builds
 * share this machine, so fixed ports would collide; a port found here is free when returned, and
 * the daemon binds it moments later. Stateless.
 */
final class FreePorts {

    private FreePorts() {
    }

    /** {@code count} distinct free ports, all held open together so none is handed out twice. */
    static int[] allocate(int count) {
        List<ServerSocket> held = new ArrayList<>();
        try {
            int[] ports = new int[count];
            for (int i = 0; i < count; i++) {
                ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
                socket.setReuseAddress(true);
                held.add(socket);
                ports[i] = socket.getLocalPort();
            }
            return ports;
        } catch (IOException e) {
            throw new UncheckedIOException("could not find free ports on 127.0.0.1 for a local Cassandra", e);
        } finally {
            for (ServerSocket socket : held) {
                try {
                    socket.close();
                } catch (IOException ignored) {
                    // Closing a listening socket that accepted nothing cannot lose anything.
                }
            }
        }
    }
}
