package io.catena.client.spi;

import io.catena.client.ConnectionUrl;

/**
 * Supplies the transport {@link io.catena.client.Catena#connect(String)} uses when the caller
 * names none. Found through {@link java.util.ServiceLoader}: an implementation is listed in
 * {@code META-INF/services/io.catena.client.spi.ClientTransportProvider}; the first one found
 * is used.
 */
public interface ClientTransportProvider {

    /**
     * A new transport for one connection, configured from the URL (codec, TLS); the connection
     * owns it and closes it with itself.
     *
     * @param url the connection's settings
     * @return a transport that nobody else uses
     */
    ClientTransport create(ConnectionUrl url);
}
