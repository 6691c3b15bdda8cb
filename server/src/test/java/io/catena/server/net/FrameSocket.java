package io.catena.server.net;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.wire.Frame;
import io.catena.wire.FrameKind;
import io.catena.wire.MalformedFrameException;
import io.catena.wire.WireCodec;
import io.catena.wire.WireProtocol;
import io.catena.wire.codec.JacksonWireCodec;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * A test client that speaks Catena frames over a plain blocking socket, and can just as well send
 * bytes no real client would: garbage, half a frame, a length prefix that lies. Reads are
 * bounded by a timeout so that a missing answer fails the test instead of hanging it.
 */
final class FrameSocket implements AutoCloseable {

    private static final WireCodec CODEC = JacksonWireCodec.smile();
    private static final Duration READ_TIMEOUT = Duration.ofSeconds(10);

    private final Socket socket;
    private final DataInputStream in;
    private final OutputStream out;

    private FrameSocket(Socket socket) throws IOException {
        this.socket = socket;
        this.in = new DataInputStream(socket.getInputStream());
        this.out = socket.getOutputStream();
    }

    static FrameSocket connect(InetSocketAddress address) throws IOException {
        Socket s = new Socket();
        s.setTcpNoDelay(true);
        s.connect(address, 2_000);
        s.setSoTimeout((int) READ_TIMEOUT.toMillis());
        return new FrameSocket(s);
    }

    /** The bytes a real peer would put on the wire for {@code frame}: length, kind, body. */
    static byte[] encode(Frame frame) {
        ByteBuf buf = Unpooled.buffer();
        buf.writeInt(0);
        buf.writeByte(frame.kind().wireId());
        CODEC.encode(frame, buf);
        buf.setInt(0, buf.readableBytes() - WireProtocol.LENGTH_BYTES);
        byte[] bytes = new byte[buf.readableBytes()];
        buf.readBytes(bytes);
        return bytes;
    }

    /** A frame of kind id {@code kind}, framed correctly, whose body is {@code body}'s bytes whatever they mean. */
    static byte[] framed(int kind, String body) {
        byte[] b = body.getBytes(StandardCharsets.UTF_8);
        return ByteBuffer.allocate(WireProtocol.LENGTH_BYTES + 1 + b.length)
                .putInt(1 + b.length).put((byte) kind).put(b).array();
    }

    void send(Frame frame) throws IOException {
        sendRaw(encode(frame));
    }

    void sendRaw(byte[] bytes) throws IOException {
        out.write(bytes);
        out.flush();
    }

    /** Sends {@code hello} and returns the frame that answers it (a Welcome or a Refusal). */
    Frame hello(Frame hello) throws IOException {
        send(hello);
        return receive();
    }

    /** The next frame; fails the test if none arrives within the read timeout or the peer hangs up. */
    Frame receive() throws IOException {
        try {
            int length = in.readInt();
            assertThat(length).as("frame length").isBetween(1, WireProtocol.DEFAULT_MAX_FRAME_BYTES);
            int kindId = in.readUnsignedByte();
            byte[] body = new byte[length - 1];
            in.readFully(body);
            FrameKind kind = FrameKind.fromWireId(kindId);
            assertThat(kind).as("frame kind " + kindId).isNotNull();
            return CODEC.decode(kind, Unpooled.wrappedBuffer(body));
        } catch (EOFException e) {
            throw new AssertionError("the node closed the connection instead of answering", e);
        } catch (SocketTimeoutException e) {
            throw new AssertionError("no frame arrived within " + READ_TIMEOUT.toSeconds() + " s", e);
        } catch (MalformedFrameException e) {
            throw new AssertionError("the node sent a frame this test cannot decode: " + e.getMessage(), e);
        }
    }

    /** The next frame, which must be of {@code type}. */
    <T extends Frame> T receive(Class<T> type) throws IOException {
        Frame f = receive();
        assertThat(f).as("the node's answer").isInstanceOf(type);
        return type.cast(f);
    }

    /**
     * Whether the node closes the connection within {@code timeout} without sending anything
     * more; fails the test if a byte arrives instead.
     */
    boolean closedByPeer(Duration timeout) throws IOException {
        socket.setSoTimeout((int) timeout.toMillis());
        try {
            int b = in.read();
            assertThat(b).as("a byte after the node's last answer").isEqualTo(-1);
            return true;
        } catch (SocketTimeoutException e) {
            return false;
        } catch (SocketException e) {
            // A reset is a close as well.
            return true;
        } finally {
            socket.setSoTimeout((int) READ_TIMEOUT.toMillis());
        }
    }

    /** Whether the node has sent something not read yet. */
    boolean hasInput() throws IOException {
        return in.available() > 0;
    }

    /** Stops sending (the node sees end of stream) while still able to read its answer. */
    void shutdownOutput() throws IOException {
        socket.shutdownOutput();
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
