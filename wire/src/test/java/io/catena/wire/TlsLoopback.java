package io.catena.wire;

import io.catena.wire.codec.JacksonWireCodec;
import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslHandler;
import java.net.InetSocketAddress;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;

/**
 * Two real endpoints on the loopback interface, each assembled by {@link WirePipeline}: a server
 * that answers every {@link Hello} with a {@link Welcome}, and clients that say hello as soon as
 * they connect. Each end records the frames it received and how its TLS handshake ended.
 */
final class TlsLoopback {

    static final WireCodec CODEC = JacksonWireCodec.smile();
    static final Hello HELLO = Hello.client("test", "eu", "client");
    static final Welcome WELCOME = new Welcome(WireProtocol.VERSION, "test", "eu", 0, 1);

    private TlsLoopback() {
    }

    /** One end of a connection: what it received and how its handshake ended. */
    static final class End {
        final BlockingQueue<Object> received = new LinkedBlockingQueue<>();
        /** Completes with the peer's certificate subject, or exceptionally with the handshake failure. */
        final CompletableFuture<String> handshake = new CompletableFuture<>();
        volatile Channel channel;

        void watch(Channel ch) {
            channel = ch;
            SslHandler ssl = ch.pipeline().get(SslHandler.class);
            if (ssl == null) {
                handshake.complete("");
                return;
            }
            ssl.handshakeFuture().addListener(f -> {
                if (f.isSuccess()) {
                    handshake.complete(ssl.engine().getSession().getPeerPrincipal().getName());
                } else {
                    handshake.completeExceptionally(f.cause());
                }
            });
        }
    }

    /** A bound server; {@link #accepted} describes the first connection it accepts. */
    static final class Server implements AutoCloseable {
        final End accepted = new End();
        final Channel channel;

        Server(EventLoopGroup group, SslContext tls) {
            WirePipeline wire = new WirePipeline(CODEC, WireProtocol.DEFAULT_MAX_FRAME_BYTES, tls);
            channel = new ServerBootstrap().group(group).channel(NioServerSocketChannel.class)
                    .childHandler(new ChannelInitializer<SocketChannel>() {
                        @Override
                        protected void initChannel(SocketChannel ch) {
                            wire.installAccepted(ch.pipeline());
                            accepted.watch(ch);
                            ch.pipeline().addLast(new Recorder(accepted, true));
                        }
                    })
                    .bind(new InetSocketAddress("127.0.0.1", 0)).syncUninterruptibly().channel();
        }

        int port() {
            return ((InetSocketAddress) channel.localAddress()).getPort();
        }

        @Override
        public void close() {
            channel.close().syncUninterruptibly();
        }
    }

    /** Connects to {@code server} as {@code host} (the name the server's certificate must carry) and says hello. */
    static End connect(EventLoopGroup group, Server server, String host, SslContext tls) {
        End end = new End();
        WirePipeline wire = new WirePipeline(CODEC, WireProtocol.DEFAULT_MAX_FRAME_BYTES, tls);
        new Bootstrap().group(group).channel(NioSocketChannel.class)
                .handler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel ch) {
                        wire.installDialled(ch.pipeline(), host, server.port());
                        end.watch(ch);
                        ch.pipeline().addLast(new Recorder(end, false));
                    }
                })
                .connect(new InetSocketAddress("127.0.0.1", server.port())).syncUninterruptibly()
                .channel().writeAndFlush(HELLO);
        return end;
    }

    /** Records every frame or failure; the server side answers hellos. */
    private static final class Recorder extends SimpleChannelInboundHandler<Object> {
        private final End end;
        private final boolean answerHellos;

        Recorder(End end, boolean answerHellos) {
            this.end = end;
            this.answerHellos = answerHellos;
        }

        @Override
        protected void channelRead0(ChannelHandlerContext ctx, Object msg) {
            end.received.add(msg);
            if (answerHellos && msg instanceof Hello) {
                ctx.writeAndFlush(WELCOME);
            }
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            // A failed handshake arrives here too; the handshake future has the details.
            ctx.close();
        }
    }
}
