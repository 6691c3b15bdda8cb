package io.catena.client.spi;

import io.catena.client.HostAndPort;
import java.util.concurrent.CompletableFuture;

/**
 * How a connection reaches coordinators: opens framed links to hosts, and supplies the clock and
 * timers the connection uses. A Netty implementation encodes {@link io.catena.wire.Frame}s with
 * the URL's codec and, when the URL asks for it, TLS; tests use an in-memory one.
 *
 * <p>The transport moves frames and nothing else: the connection sends the handshake
 * ({@code Hello}), reads {@code Welcome} or {@code Refusal}, matches replies to requests, retries
 * and fails over. A transport never interprets, drops or reorders frames of an open link.
 *
 * <p><b>Threading.</b> All methods are thread-safe. {@link #open} does not block; its future and
 * the {@link LinkListener} callbacks may run on any thread (typically an I/O thread), but the
 * callbacks of one link run one at a time, in arrival order. The connection holds no lock while
 * it calls the transport or a link, so a transport may complete the future or call the listener
 * from inside {@code open}, {@code send} or {@code close} (an in-memory transport does).
 *
 * <p><b>Ownership.</b> A transport may serve many connections. Whoever creates it closes it: the
 * connection closes only a transport it obtained from a {@link ClientTransportProvider}.
 */
public interface ClientTransport extends AutoCloseable {

    /**
     * Starts connecting to {@code host}. The future completes with the open link once bytes can
     * flow (TCP connected, TLS handshake done), or exceptionally if the host cannot be reached;
     * the connection bounds the wait with its own timer and closes a link that arrives too late.
     * From completion on, every frame received on the link goes to {@code listener.onFrame}, and
     * the end of the link, whoever ends it, to {@code listener.onClosed}, exactly once.
     *
     * @param host     the coordinator to connect to
     * @param listener receives the link's inbound frames and its end
     * @return the link, once open
     */
    CompletableFuture<CoordinatorLink> open(HostAndPort host, LinkListener listener);

    /** The clock and timers connections using this transport run on. */
    Scheduler scheduler();

    /**
     * Releases the transport's threads and closes the links it still has open (each one's
     * listener hears {@code onClosed}). Idempotent.
     */
    @Override
    void close();
}
