package io.catena.server.net;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import java.net.BindException;
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
        ServerBootstrap b = new ServerBootstrap()
                .group(group)
                .channel(NioServerSocketChannel.class)
                .option(ChannelOption.SO_REUSEADDR, true)
                .childOption(ChannelOption.TCP_NODELAY, true)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        accepted.add(ch);
                        setup.installServerSide(ch.pipeline(), admission.refusals());
                        ch.pipeline().addLast(HandshakeHandler.NAME, new HandshakeHandler(admission));
                    }
                });
        try {
            return new NodeEndpoint(b.bind(address).sync().channel(), accepted);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while binding " + address);
        } catch (Exception e) {
            String why = e instanceof BindException ? e.getMessage() : e.toString();
            throw new IllegalStateException("cannot listen on " + address.getHostString() + ":" + address.getPort()
                    + " (" + why + ")", e);
        }
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
