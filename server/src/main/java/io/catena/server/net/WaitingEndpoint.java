package io.catena.server.net;

import io.catena.wire.Hello;
import io.catena.wire.Refusal;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.channel.socket.SocketChannel;
import java.net.InetSocketAddress;
import java.util.function.Supplier;

/**
 * The address of a standby coordinator while it waits: every caller (a client, a peer region, a
 * process of its own region) is refused in one sentence that names the leader, so that it moves
 * on to the region's next coordinator address rather than waiting here. Taking over closes it and
 * binds the region's endpoint in its place; stepping down binds it again.
 */
public final class WaitingEndpoint implements AutoCloseable {

    private final Channel channel;
    private final ChannelGroup accepted;

    private WaitingEndpoint(Channel channel, ChannelGroup accepted) {
        this.channel = channel;
        this.accepted = accepted;
    }

    /**
     * Binds {@code address}; fails with one sentence if the port is taken.
     *
     * @param why says, when a caller arrives, why this process does not serve it and where the leader is
     */
    public static WaitingEndpoint bind(InetSocketAddress address, EventLoopGroup group, ChannelSetup setup,
                                       Supplier<String> why) {
        ChannelGroup accepted = new DefaultChannelGroup("waiting at " + address, group.next());
        ConnectionRefusals refusals = new ConnectionRefusals();
        Channel channel = ListeningSocket.bind(address, group, new ChannelInitializer<SocketChannel>() {
            @Override
            protected void initChannel(SocketChannel ch) {
                accepted.add(ch);
                setup.installServerSide(ch.pipeline(), refusals);
                ch.pipeline().addLast("standby", new Refuser(why));
            }
        });
        return new WaitingEndpoint(channel, accepted);
    }

    public InetSocketAddress address() {
        return (InetSocketAddress) channel.localAddress();
    }

    @Override
    public void close() {
        channel.close().syncUninterruptibly();
        accepted.close().awaitUninterruptibly();
    }

    /** Answers the Hello with the refusal, then closes; anything else before it is dropped with the connection. */
    private static final class Refuser extends SimpleChannelInboundHandler<Object> {

        private final Supplier<String> why;

        Refuser(Supplier<String> why) {
            this.why = why;
        }

        @Override
        protected void channelRead0(ChannelHandlerContext ctx, Object msg) {
            if (msg instanceof Hello) {
                ctx.writeAndFlush(new Refusal(why.get())).addListener(ChannelFutureListener.CLOSE);
            } else {
                ctx.close();
            }
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
            ctx.close();
        }
    }
}
