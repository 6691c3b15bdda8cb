package io.catena.client;

import io.catena.client.fake.FakeCoordinator;
import io.catena.client.fake.FakeTransport;
import io.catena.client.fake.ManualScheduler;
import java.util.concurrent.CompletableFuture;

/** Three scripted coordinator hosts of region eu, a manual clock, and connections to them. */
final class FakeRegion {

    static final HostAndPort H1 = new HostAndPort("db1", 7450);
    static final HostAndPort H2 = new HostAndPort("db2", 7450);
    static final HostAndPort H3 = new HostAndPort("db3", 7450);

    final ManualScheduler clock = new ManualScheduler();
    final FakeTransport transport = new FakeTransport(clock);

    /** Puts a fresh, welcoming coordinator of cluster catena, region eu at {@code host}. */
    FakeCoordinator up(HostAndPort host) {
        return transport.coordinatorAt(host, new FakeCoordinator("catena", "eu"));
    }

    /** The URL of all three hosts with extra query parameters, e.g. {@code "&timeout=3s"}. */
    static ConnectionUrl url(String extra) {
        return ConnectionUrl.parse("catena://db1:7450,db2:7450,db3:7450/?region=eu" + extra);
    }

    CompletableFuture<Connection> connectAsync(String extra) {
        return Catena.connectAsync(url(extra), transport);
    }

    /** Connects; the fake answers synchronously, so a welcoming host connects at once. */
    Connection connect(String extra) {
        CompletableFuture<Connection> c = connectAsync(extra);
        if (!c.isDone()) {
            throw new AssertionError("the connection did not open at once");
        }
        return c.join();
    }
}
