package io.catena.server.net;

import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.channel.socket.SocketChannel;
import java.net.InetSocketAddress;

/**
 * The listening socket of a region process, shared by peer regions and clients: every accepted
 * connection starts with a {@link HandshakeHandler} that decides which of the two it is. Closing
 * the endpoint closes the connections it accepted too, so peers and clients notice at once that
 * the region is gone, as they would if its process had ended.
 */
public final class NodeEndpoint implements AutoCloseable {

    private final Channel channel;
    private final ChannelGroup accepted;

    private NodeEndpoint(Channel channel, ChannelGroup accepted) {
        this.channel = channel;
        this.accepted = accepted;
    }

    /** Binds {@code address}; fails with one sentence if the port is taken. */
    public static NodeEndpoint bind(InetSocketAddress address, EventLoopGroup group, ChannelSetup setup,
                                    Admission admission) {
        ChannelGroup accepted = new DefaultChannelGroup("accepted from " + address, group.next());
        Channel channel = ListeningSocket.bind(address, group, new ChannelInitializer<SocketChannel>() {
            @Override
            protected void initChannel(SocketChannel ch) {
                accepted.add(ch);
                setup.installServerSide(ch.pipeline(), admission.refusals());
                ch.pipeline().addLast(HandshakeHandler.NAME, new HandshakeHandler(admission));
            }
        });
        return new NodeEndpoint(channel, accepted);
    }

    public InetSocketAddress address() {
        return (InetSocketAddress) channel.localAddress();
    }

    @Override
    public void close() {
        channel.close().syncUninterruptibly();
        accepted.close().awaitUninterruptibly();
    }
}
