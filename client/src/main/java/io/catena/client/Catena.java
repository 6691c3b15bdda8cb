package io.catena.client;

import io.catena.client.spi.ClientTransport;
import io.catena.client.spi.ClientTransportProvider;
import java.util.Iterator;
import java.util.ServiceLoader;
import java.util.concurrent.CompletableFuture;

/**
 * Opens connections. {@code connect} blocks until a coordinator of the URL's region has accepted
 * the handshake, trying each host once, for at most {@code connectTimeout} each.
 *
 * <pre>{@code
 * try (Connection c = Catena.connect("catena://db1.eu:7450,db2.eu:7450/?region=eu&timeout=5s")) {
 *     ...
 * }
 * }</pre>
 */
public final class Catena {

    private Catena() {
    }

    /**
     * Parses the URL and connects through the transport found on the class path.
     *
     * @param url e.g. {@code catena://db1:7450/?region=eu}; see {@link ConnectionUrl}
     * @return an open connection, which owns its transport
     * @throws InvalidConnectionUrlException if the URL is malformed
     * @throws UnavailableException          if no host accepted the connection
     * @throws IllegalStateException         if no {@link ClientTransportProvider} is on the class path
     */
    public static Connection connect(String url) {
        return connect(ConnectionUrl.parse(url));
    }

    /**
     * Connects through the transport found on the class path.
     *
     * @param url the settings
     * @return an open connection, which owns its transport
     * @throws UnavailableException  if no host accepted the connection
     * @throws IllegalStateException if no {@link ClientTransportProvider} is on the class path
     */
    public static Connection connect(ConnectionUrl url) {
        Iterator<ClientTransportProvider> providers = ServiceLoader.load(ClientTransportProvider.class).iterator();
        if (!providers.hasNext()) {
            throw new IllegalStateException("No Catena client transport is on the class path; add one that provides "
                    + ClientTransportProvider.class.getName() + ", or pass a transport to Catena.connect.");
        }
        return Await.result(CoordinatorConnection.open(url, providers.next().create(url), true));
    }

    /**
     * Connects through a given transport, which the caller keeps owning: closing the connection
     * leaves it open.
     *
     * @param url       the settings
     * @param transport opens links and supplies timers
     * @return an open connection
     * @throws UnavailableException if no host accepted the connection
     */
    public static Connection connect(ConnectionUrl url, ClientTransport transport) {
        return Await.result(connectAsync(url, transport));
    }

    /**
     * Connects without blocking, through a given transport the caller keeps owning.
     *
     * @param url       the settings
     * @param transport opens links and supplies timers
     * @return the connection once a host accepted it; or fails, not wrapped, with
     *         {@link UnavailableException}
     */
    public static CompletableFuture<Connection> connectAsync(ConnectionUrl url, ClientTransport transport) {
        if (url == null || transport == null) {
            throw new IllegalArgumentException("Catena.connectAsync needs a URL and a transport, and got null.");
        }
        return CoordinatorConnection.open(url, transport, false);
    }
}
