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
import io.netty.util.concurrent.ScheduledFuture;
import java.util.Locale;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The first handler of an accepted connection: waits for the caller's {@link Hello}, checks it
 * against the {@link HandshakePolicy}, answers {@link Welcome} or {@link Refusal}, and replaces
 * itself with the handler for a peer region, another process of this region, or a client.
 *
 * <p>The caller has {@link HandshakePolicy#helloTimeout()} from connecting to deliver its whole
 * Hello. The deadline is absolute, not an idle timeout, so a caller that trickles bytes cannot
 * hold a connection open. Every refusal, the deadline's included, is one sentence sent in a
 * {@link Refusal} and logged; the connection is closed once the refusal is written.
 */
final class HandshakeHandler extends SimpleChannelInboundHandler<Object> {

    private static final Logger log = LoggerFactory.getLogger(HandshakeHandler.class);
    static final String NAME = "handshake";

    private final Admission admission;
    private ScheduledFuture<?> deadline;
    private boolean refused;

    HandshakeHandler(Admission admission) {
        this.admission = admission;
    }

    @Override
    public void channelActive(ChannelHandlerContext ctx) {
        long timeoutMillis = admission.policy().helloTimeout().toMillis();
        deadline = ctx.executor().schedule(() -> refuse(ctx, "no Hello arrived within " + timeoutMillis
                        + " ms of connecting", "a silent caller", ConnectionRefusals.Reason.TIMEOUT),
                timeoutMillis, TimeUnit.MILLISECONDS);
        ctx.fireChannelActive();
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, Object msg) {
        if (refused) {
            return;
        }
        if (!(msg instanceof Hello hello)) {
            refuse(ctx, "the first frame must be a Hello, not " + FrameNames.of(msg), "an unknown caller",
                    ConnectionRefusals.Reason.HELLO);
            return;
        }
        HandshakePolicy policy = admission.policy();
        String refusal = policy.refusal(hello);
        if (refusal != null) {
            String who = hello.peer().name().toLowerCase(Locale.ROOT) + " " + HandshakePolicy.shown(hello.sender());
            refuse(ctx, refusal, who, ConnectionRefusals.Reason.HELLO);
            return;
        }
        String stale = admission.leaders().admit(hello, ctx.channel());
        if (stale != null) {
            refuse(ctx, stale, "node " + HandshakePolicy.shown(hello.sender()), ConnectionRefusals.Reason.HELLO);
            return;
        }
        cancelDeadline();
        int clientIndex = -1;
        if (hello.peer() == Hello.PeerKind.NODE && policy.isMember(hello)) {
            ctx.pipeline().replace(this, "member", new MemberInboundHandler(hello.role(), policy, admission.router(),
                    admission.members()));
            log.info("accepted {} of region {} ({}) from {}", hello.role(), hello.region(),
                    HandshakePolicy.shown(hello.sender()), ctx.channel().remoteAddress());
        } else if (hello.peer() == Hello.PeerKind.NODE) {
            RegionId peer = RegionId.of(policy.regionNames().indexOf(hello.region()));
            ctx.pipeline().replace(this, "peer", new PeerInboundHandler(peer, hello.region(), admission.peers(),
                    admission.router()));
            log.info("accepted region {} ({}) from {}", hello.region(), HandshakePolicy.shown(hello.sender()),
                    ctx.channel().remoteAddress());
        } else {
            NodeId client = admission.clients().register(ctx.channel());
            clientIndex = client.index();
            ctx.pipeline().replace(this, "client", new ClientSessionHandler(client, admission));
            log.debug("accepted client {} ({}) from {}", client, HandshakePolicy.shown(hello.sender()),
                    ctx.channel().remoteAddress());
        }
        // A client takes this reading as the clock at the Welcome's arrival, an underestimate by the
        // time in flight: issue times it stamps from it are never late, and the later it is read, the closer.
        OptionalLong clock = clientIndex >= 0 ? OptionalLong.of(policy.clocks().nowMicros()) : OptionalLong.empty();
        ctx.writeAndFlush(new Welcome(WireProtocol.VERSION, policy.cluster(), policy.localRegionName(),
                policy.localRegion(), clientIndex, policy.layout().self(), clock));
    }

    private void refuse(ChannelHandlerContext ctx, String reason, String who, ConnectionRefusals.Reason counted) {
        if (refused) {
            return;
        }
        refused = true;
        cancelDeadline();
        log.warn("refused {} from {}: {}", who, ctx.channel().remoteAddress(), reason);
        count(ctx, counted);
        ctx.writeAndFlush(new Refusal(reason)).addListener(ChannelFutureListener.CLOSE);
    }

    private void cancelDeadline() {
        if (deadline != null) {
            deadline.cancel(false);
            deadline = null;
        }
    }

    /** Counts this connection's refusal; true if it was not counted before. */
    private boolean count(ChannelHandlerContext ctx, ConnectionRefusals.Reason reason) {
        return admission.refusals().refuse(ctx.channel(), reason);
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
        if (evt instanceof SslHandshakeCompletionEvent done && !done.isSuccess()) {
            refused = true;
            cancelDeadline();
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
    public void channelInactive(ChannelHandlerContext ctx) {
        if (!refused) {
            // A caller that hung up before its Hello was complete: a truncated frame is dropped
            // by the decoder, and there is nobody left to tell.
            log.debug("a connection from {} closed before its handshake", ctx.channel().remoteAddress());
        }
        cancelDeadline();
        ctx.fireChannelInactive();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        if (isTls(cause)) {
            if (count(ctx, ConnectionRefusals.Reason.TLS)) {
                log.warn("refused a connection from {}: its TLS handshake failed ({})", ctx.channel().remoteAddress(),
                        rootMessage(cause));
            }
        } else if (count(ctx, ConnectionRefusals.Reason.FAILED)) {
            log.warn("closed a connection from {} during the handshake: {}", ctx.channel().remoteAddress(),
                    cause.toString());
        }
        refused = true;
        cancelDeadline();
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
