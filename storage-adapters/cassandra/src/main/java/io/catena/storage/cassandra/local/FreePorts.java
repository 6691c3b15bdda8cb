package io.catena.storage.cassandra.local;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.List;

/**
 * Ports that nobody listens on right now, found by binding port 0. Several builds share this
 * machine, so fixed ports would collide; a port found here is free when returned, and the daemon
 * binds it moments later. Stateless.
 */
final class FreePorts {

    /** Tries at finding a port free on every address before giving up: a clash is rare. */
    private static final int ATTEMPTS_PER_PORT = 20;

    private FreePorts() {
    }

    /** {@code count} distinct ports free on 127.0.0.1, all held open together so none is handed out twice. */
    static int[] allocate(int count) {
        return allocate(count, List.of("127.0.0.1"));
    }

    /** {@code count} distinct ports, each free on every one of {@code addresses} (loopback addresses). */
    static int[] allocate(int count, List<String> addresses) {
        List<ServerSocket> held = new ArrayList<>();
        try {
            int[] ports = new int[count];
            for (int i = 0; i < count; i++) {
                ports[i] = freeOnAll(addresses, held);
            }
            return ports;
        } catch (IOException e) {
            throw new UncheckedIOException("could not find free ports on " + addresses + " for a local Cassandra", e);
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

    /** A port free on every address; every socket bound on the way stays in {@code held}. */
    private static int freeOnAll(List<String> addresses, List<ServerSocket> held) throws IOException {
        for (int attempt = 0; attempt < ATTEMPTS_PER_PORT; attempt++) {
            int port = bind(addresses.get(0), 0, held);
            boolean everywhere = true;
            for (String other : addresses.subList(1, addresses.size())) {
                if (bind(other, port, held) < 0) {
                    everywhere = false;
                    break;
                }
            }
            if (everywhere) {
                return port;
            }
        }
        throw new IOException("no port was free on all of " + addresses + " in " + ATTEMPTS_PER_PORT + " tries");
    }

    /** Binds {@code port} (0 for any) on {@code address}; the bound port, or -1 if it is taken there. */
    private static int bind(String address, int port, List<ServerSocket> held) throws IOException {
        ServerSocket socket = new ServerSocket();
        socket.setReuseAddress(true);
        try {
            socket.bind(new InetSocketAddress(InetAddress.getByName(address), port), 1);
        } catch (IOException taken) {
            socket.close();
            if (port == 0) {
                throw taken;
            }
            return -1;
        }
        held.add(socket);
        return socket.getLocalPort();
    }
}
