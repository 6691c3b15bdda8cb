package io.catena.server.net;

import io.catena.core.id.NodeId;
import io.catena.core.id.RegionId;
import io.catena.wire.Hello;
import io.catena.wire.Refusal;
import io.catena.wire.WireProtocol;
import io.catena.wire.Welcome;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.ssl.SslHandshakeCompletionEvent;
import io.netty.handler.timeout.ReadTimeoutException;
import javax.net.ssl.SSLException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The first handler of an accepted connection: waits for the caller's {@link Hello}, checks it
 * against the {@link HandshakePolicy}, answers {@link Welcome} or {@link Refusal}, and replaces
 * itself with the handler for a peer region or for a client.
 */
final class HandshakeHandler extends SimpleChannelInboundHandler<Object> {

    private static final Logger log = LoggerFactory.getLogger(HandshakeHandler.class);
    static final String NAME = "handshake";
    static final String TIMEOUT = "hello-timeout";

    private final Admission admission;

    HandshakeHandler(Admission admission) {
        this.admission = admission;
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, Object msg) {
        if (!(msg instanceof Hello hello)) {
            refuse(ctx, "the first frame must be a Hello, not " + FrameNames.of(msg), "unknown caller");
            return;
        }
        HandshakePolicy policy = admission.policy();
        String refusal = policy.refusal(hello);
        if (refusal != null) {
            refuse(ctx, refusal, hello.peer().name().toLowerCase() + " '" + hello.sender() + "'");
            return;
        }
        ctx.pipeline().remove(TIMEOUT);
        int clientIndex = -1;
        if (hello.peer() == Hello.PeerKind.NODE) {
            RegionId peer = RegionId.of(policy.regionNames().indexOf(hello.region()));
            ctx.pipeline().replace(this, "peer", new PeerInboundHandler(peer, hello.region(), admission.router()));
            log.info("accepted region {} ({}) from {}", hello.region(), hello.sender(), ctx.channel().remoteAddress());
        } else {
            NodeId client = admission.clients().register(ctx.channel());
            clientIndex = client.index();
            ctx.pipeline().replace(this, "client", new ClientSessionHandler(client, admission));
            log.debug("accepted client {} ({}) from {}", client, hello.sender(), ctx.channel().remoteAddress());
        }
        ctx.writeAndFlush(new Welcome(WireProtocol.VERSION, policy.cluster(), policy.localRegionName(),
                policy.localRegion(), clientIndex));
    }

    private void refuse(ChannelHandlerContext ctx, String reason, String who) {
        log.warn("refused {} from {}: {}", who, ctx.channel().remoteAddress(), reason);
        count(ctx, ConnectionRefusals.Reason.HELLO);
        ctx.writeAndFlush(new Refusal(reason)).addListener(ChannelFutureListener.CLOSE);
    }

    /** Counts this connection's refusal; true if it was not counted before. */
    private boolean count(ChannelHandlerContext ctx, ConnectionRefusals.Reason reason) {
        return admission.refusals().refuse(ctx.channel(), reason);
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
        if (evt instanceof SslHandshakeCompletionEvent done && !done.isSuccess()) {
            if (count(ctx, ConnectionRefusals.Reason.TLS)) {
                log.warn("refused a connection from {}: its TLS handshake failed ({})", ctx.channel().remoteAddress(),
                        rootMessage(done.cause()));
            }
            ctx.close();
            return;
        }
        ctx.fireUserEventTriggered(evt);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        if (cause instanceof ReadTimeoutException) {
            count(ctx, ConnectionRefusals.Reason.TIMEOUT);
            log.warn("closed a connection from {} that sent no Hello in time", ctx.channel().remoteAddress());
        } else if (isTls(cause)) {
            if (count(ctx, ConnectionRefusals.Reason.TLS)) {
                log.warn("refused a connection from {}: its TLS handshake failed ({})", ctx.channel().remoteAddress(),
                        rootMessage(cause));
            }
        } else if (count(ctx, ConnectionRefusals.Reason.FAILED)) {
            log.warn("closed a connection from {} during the handshake: {}", ctx.channel().remoteAddress(),
                    cause.toString());
        }
        ctx.close();
    }

    private static boolean isTls(Throwable cause) {
        for (Throwable t = cause; t != null; t = t.getCause()) {
            if (t instanceof SSLException) {
                return true;
            }
        }
        return false;
    }

    private static String rootMessage(Throwable cause) {
        Throwable root = cause;
        while (root.getCause() != null) {
            root = root.getCause();
        }
        return root.getMessage() == null ? root.getClass().getSimpleName() : root.getMessage();
    }
}
