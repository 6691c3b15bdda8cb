package io.catena.client.netty;

import io.catena.client.ConnectionUrl;
import io.catena.client.spi.ClientTransport;
import io.catena.client.spi.ClientTransportProvider;

/** Makes Netty the transport of {@code Catena.connect(url)}; registered with the ServiceLoader. */
public final class NettyTransportProvider implements ClientTransportProvider {

    @Override
    public ClientTransport create(ConnectionUrl url) {
        return NettyClientTransport.create(url);
    }
}
