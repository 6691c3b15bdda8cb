package io.catena.storage.cassandra.local;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;

/**
 * Asks a native-protocol port whether it speaks CQL: sends an OPTIONS frame (protocol v4) and
 * expects a SUPPORTED frame back. Cassandra opens its native port last, once it can serve
 * queries, but an open port alone could belong to anything; the answer proves it is Cassandra.
 * Stateless.
 */
final class CqlProbe {

    private static final int OPCODE_OPTIONS = 0x05;
    private static final int OPCODE_SUPPORTED = 0x06;
    private static final int PROBE_TIMEOUT_MILLIS = 2_000;

    private CqlProbe() {
    }

    /** Whether the port answered like a CQL server; false if it refused, timed out or spoke something else. */
    static boolean answers(InetSocketAddress address) {
        try (Socket socket = new Socket()) {
            socket.connect(address, PROBE_TIMEOUT_MILLIS);
            socket.setSoTimeout(PROBE_TIMEOUT_MILLIS);
            OutputStream out = socket.getOutputStream();
            // version 4 request, no flags, stream 0, OPTIONS, empty body
            out.write(new byte[] {0x04, 0x00, 0x00, 0x00, OPCODE_OPTIONS, 0x00, 0x00, 0x00, 0x00});
            out.flush();
            DataInputStream in = new DataInputStream(socket.getInputStream());
            byte[] header = new byte[9];
            in.readFully(header);
            return (header[0] & 0x80) != 0 && header[4] == OPCODE_SUPPORTED;
        } catch (IOException e) {
            return false;
        }
    }
}
