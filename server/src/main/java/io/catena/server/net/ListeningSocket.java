package io.catena.server.net;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import java.net.BindException;
import java.net.InetSocketAddress;

/** Binds a region process's listening sockets alike: the region's endpoint and a waiting standby's. */
final class ListeningSocket {

    private ListeningSocket() {
    }

    /**
     * Binds {@code address}, each accepted connection set up by {@code accepted}; fails with one
     * sentence if the port is taken.
     */
    static Channel bind(InetSocketAddress address, EventLoopGroup group, ChannelInitializer<SocketChannel> accepted) {
        ServerBootstrap b = new ServerBootstrap()
                .group(group)
                .channel(NioServerSocketChannel.class)
                .option(ChannelOption.SO_REUSEADDR, true)
                .childOption(ChannelOption.TCP_NODELAY, true)
                .childHandler(accepted);
        try {
            return b.bind(address).sync().channel();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while binding " + address);
        } catch (Exception e) {
            String why = e instanceof BindException ? e.getMessage() : e.toString();
            throw new IllegalStateException("cannot listen on " + address.getHostString() + ":" + address.getPort()
                    + " (" + why + ")", e);
        }
    }
}
