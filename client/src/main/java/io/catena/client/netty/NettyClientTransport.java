package io.catena.client.netty;

import io.catena.client.ConnectionUrl;
import io.catena.client.HostAndPort;
import io.catena.client.spi.ClientTransport;
import io.catena.client.spi.CoordinatorLink;
import io.catena.client.spi.LinkListener;
import io.catena.client.spi.Scheduler;
import io.catena.wire.TlsSettings;
import io.catena.wire.TlsSetupException;
import io.catena.wire.WireCodecs;
import io.catena.wire.WirePipeline;
import io.catena.wire.WireProtocol;
import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslHandler;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * The client library's transport over Netty: one event-loop thread per connection, framed
 * links with the URL's codec, and TLS when the URL asks for it. Its scheduler is the event loop,
 * so request deadlines and resends cost no extra thread.
 */
public final class NettyClientTransport implements ClientTransport {

    private final EventLoopGroup group;
    private final WirePipeline pipeline;
    private final Scheduler scheduler;

    private NettyClientTransport(WirePipeline pipeline) {
        this.group = new NioEventLoopGroup(1, new DefaultThreadFactory("catena-client", true));
        this.pipeline = pipeline;
        this.scheduler = new EventLoopScheduler(group.next());
    }

    /** A transport configured from the URL's codec and TLS settings. */
    public static NettyClientTransport create(ConnectionUrl url) {
        SslContext tls = url.tls() == null ? null : tlsContext(url.tls());
        return new NettyClientTransport(new WirePipeline(WireCodecs.byName(url.wireFormat().codecName()),
                WireProtocol.DEFAULT_MAX_FRAME_BYTES, tls));
    }

    private static SslContext tlsContext(TlsSettings settings) {
        try {
            return settings.clientContext();
        } catch (TlsSetupException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
    }

    @Override
    public CompletableFuture<CoordinatorLink> open(HostAndPort host, LinkListener listener) {
        CompletableFuture<CoordinatorLink> opened = new CompletableFuture<>();
        Bootstrap b = new Bootstrap()
                .group(group)
                .channel(NioSocketChannel.class)
                .option(ChannelOption.TCP_NODELAY, true)
                .handler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        pipeline.installDialled(ch.pipeline(), host.host(), host.port());
                        ch.pipeline().addLast("catena-link", new LinkHandler(listener));
                    }
                });
        ChannelFuture connect = b.connect(host.host(), host.port());
        connect.addListener(f -> {
            if (!f.isSuccess()) {
                opened.completeExceptionally(f.cause());
                return;
            }
            Channel channel = connect.channel();
            SslHandler ssl = channel.pipeline().get(SslHandler.class);
            if (ssl == null) {
                opened.complete(new NettyLink(channel));
            } else {
                ssl.handshakeFuture().addListener(h -> {
                    if (h.isSuccess()) {
                        opened.complete(new NettyLink(channel));
                    } else {
                        opened.completeExceptionally(h.cause());
                        channel.close();
                    }
                });
            }
        });
        return opened;
    }

    @Override
    public Scheduler scheduler() {
        return scheduler;
    }

    @Override
    public void close() {
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
    }
}
