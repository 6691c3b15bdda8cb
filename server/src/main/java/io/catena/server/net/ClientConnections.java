package io.catena.server.net;

import io.catena.core.id.NodeId;
import io.catena.core.id.RegionId;
import io.catena.core.message.Message;
import io.catena.wire.ClientMessage;
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
 */
public final class ClientConnections {

    private final RegionId region;
    private final Map<Integer, Channel> channels = new ConcurrentHashMap<>();
    private final AtomicInteger nextIndex = new AtomicInteger();
    private final AtomicLong undeliverable = new AtomicLong();

    public ClientConnections(RegionId region) {
        this.region = region;
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

    /** Sends a coordinator's answer to the client connection {@code to}, if it is still open. */
    public void send(NodeId to, Message message) {
        Channel channel = channels.get(to.index());
        if (channel == null || !channel.isActive()) {
            undeliverable.incrementAndGet();
            return;
        }
        channel.writeAndFlush(new ClientMessage(message), channel.voidPromise());
    }

    public int open() {
        return channels.size();
    }

    /** Answers that found their client connection closed. */
    public long undeliverable() {
        return undeliverable.get();
    }
}
