package io.catena.server.net;

import io.catena.core.id.NodeId;
import io.catena.core.id.RegionId;
import io.catena.core.id.RequestId;
import io.catena.core.message.Message;
import io.catena.core.message.TxnReply;
import io.catena.wire.ClientMessage;
import io.catena.wire.ErrorNotice;
import io.netty.channel.Channel;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The client connections of a region process, each with the client address the coordinator
 * answers. Addresses are never reused within a process, so a late reply for a closed connection
 * cannot reach a new one; it is dropped and counted, and the client's retry (same request id)
 * gets the durable answer.
 *
 * <p>Requests are timed from their arrival ({@link #arrived}) to their answer leaving here
 * ({@link #send}), and each outcome is reported to the {@link RequestObserver}.
 * Threading: any thread.
 */
public final class ClientConnections {

    private final RegionId region;
    private final Map<Integer, Channel> channels = new ConcurrentHashMap<>();
    private final AtomicInteger nextIndex = new AtomicInteger();
    private final AtomicLong undeliverable = new AtomicLong();
    private final InFlightRequests inFlight;
    private volatile RequestObserver observer = RequestObserver.NONE;

    public ClientConnections(RegionId region) {
        this.region = region;
        this.inFlight = InFlightRequests.withDefaults();
    }

    /** Reports every request's outcome to {@code observer} from now on (replacing the previous one). */
    public void observe(RequestObserver observer) {
        this.observer = observer == null ? RequestObserver.NONE : observer;
    }

    /** Gives a newly accepted client connection its address. */
    public NodeId register(Channel channel) {
        int index = nextIndex.getAndIncrement();
        if (index < 0) {
            throw new IllegalStateException("client addresses of this process are exhausted; restart it");
        }
        channels.put(index, channel);
        channel.closeFuture().addListener(f -> channels.remove(index));
        return NodeId.client(region, index);
    }

    /** A request from {@code client} is about to go to the coordinator: its answer will be timed from now. */
    void arrived(NodeId client, RequestId request, RequestKind kind) {
        inFlight.arrived(client, request, kind);
    }

    /** A request from a client was refused at once, without reaching the coordinator. */
    void refused(RequestKind kind, ErrorNotice.Code code) {
        observer.refused(kind, code);
    }

    /** Sends a coordinator's answer to the client connection {@code to}, if it is still open. */
    public void send(NodeId to, Message message) {
        InFlightRequests.Arrival arrival = message instanceof TxnReply r ? inFlight.answered(to, r.request()) : null;
        Channel channel = channels.get(to.index());
        if (channel == null || !channel.isActive()) {
            undeliverable.incrementAndGet();
            return;
        }
        if (arrival != null) {
            observer.answered(arrival.kind(), (TxnReply) message, inFlight.nowNanos() - arrival.arrivedNanos());
        }
        channel.writeAndFlush(new ClientMessage(message), channel.voidPromise());
    }

    public int open() {
        return channels.size();
    }

    /** The requests being timed, for metrics. */
    public InFlightRequests inFlight() {
        return inFlight;
    }

    /** Answers that found their client connection closed. */
    public long undeliverable() {
        return undeliverable.get();
    }
}
