package io.catena.client.fake;

import io.catena.client.HostAndPort;
import io.catena.client.spi.ClientTransport;
import io.catena.client.spi.CoordinatorLink;
import io.catena.client.spi.LinkListener;
import io.catena.client.spi.Scheduler;
import java.net.ConnectException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * An in-memory transport: each host is either a {@link FakeCoordinator} or unreachable. Links
 * deliver frames synchronously in both directions, which the transport contract allows, so a test
 * sees the whole exchange as soon as a call returns.
 */
public final class FakeTransport implements ClientTransport {

    private final Scheduler scheduler;
    private final Map<HostAndPort, FakeCoordinator> coordinators = new ConcurrentHashMap<>();
    private final Set<HostAndPort> hanging = ConcurrentHashMap.newKeySet();
    private final List<HostAndPort> opened = new CopyOnWriteArrayList<>();
    private volatile boolean closed;

    public FakeTransport(Scheduler scheduler) {
        this.scheduler = scheduler;
    }

    /** Puts a coordinator at {@code host}; hosts without one refuse connections. */
    public FakeCoordinator coordinatorAt(HostAndPort host, FakeCoordinator coordinator) {
        coordinators.put(host, coordinator);
        return coordinator;
    }

    /** Makes connecting to {@code host} hang: the open future never completes. */
    public void hangOn(HostAndPort host) {
        hanging.add(host);
    }

    /** Every host the client tried to open a link to, in order. */
    public List<HostAndPort> openAttempts() {
        return new ArrayList<>(opened);
    }

    public boolean isClosed() {
        return closed;
    }

    @Override
    public CompletableFuture<CoordinatorLink> open(HostAndPort host, LinkListener listener) {
        opened.add(host);
        if (closed) {
            return CompletableFuture.failedFuture(new IllegalStateException("transport closed"));
        }
        if (hanging.contains(host)) {
            return new CompletableFuture<>();
        }
        FakeCoordinator coordinator = coordinators.get(host);
        if (coordinator == null || !coordinator.isUp()) {
            return CompletableFuture.failedFuture(new ConnectException("Connection refused: " + host));
        }
        return CompletableFuture.completedFuture(coordinator.accept(listener));
    }

    @Override
    public Scheduler scheduler() {
        return scheduler;
    }

    @Override
    public void close() {
        closed = true;
        coordinators.values().forEach(FakeCoordinator::disconnectAll);
    }
}
