package io.catena.client.fake;

import io.catena.client.ConnectionUrl;
import io.catena.client.HostAndPort;
import io.catena.client.spi.ClientTransport;
import io.catena.client.spi.ClientTransportProvider;

/**
 * Registered in the test class path's {@code META-INF/services}, so that {@code Catena.connect(url)}
 * finds a transport: a welcoming coordinator at the URL's first host, none at the others.
 */
public final class FakeTransportProvider implements ClientTransportProvider {

    /** The transport made last, for tests to inspect. */
    public static volatile FakeTransport last;

    @Override
    public ClientTransport create(ConnectionUrl url) {
        FakeTransport t = new FakeTransport(new ManualScheduler());
        HostAndPort first = url.hosts().get(0);
        if (!first.host().startsWith("down")) {
            t.coordinatorAt(first, new FakeCoordinator(url.cluster(), url.region()));
        }
        last = t;
        return t;
    }
}
