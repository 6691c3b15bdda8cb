package io.catena.server.net;

import io.catena.core.id.RegionId;
import io.catena.wire.DecodeFailure;
import io.catena.wire.ErrorNotice;
import io.catena.wire.NodeMessage;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Receives a peer region's messages after its handshake. A message must pass the
 * {@link PeerMessageCheck} (an epoch message from that region's coordinator to ours, naming only
 * the cluster's regions and plausible epochs); anything else is answered with an error notice,
 * logged (rate-limited) and dropped, and the connection stays up.
 */
final class PeerInboundHandler extends SimpleChannelInboundHandler<Object> {

    private static final Logger log = LoggerFactory.getLogger(PeerInboundHandler.class);

    private final RegionId peer;
    private final String peerName;
    private final PeerMessageCheck check;
    private final Router router;
    private final AtomicLong rejected = new AtomicLong();

    PeerInboundHandler(RegionId peer, String peerName, PeerMessageCheck check, Router router) {
        this.peer = peer;
        this.peerName = peerName;
        this.check = check;
        this.router = router;
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, Object msg) {
        if (msg instanceof NodeMessage m) {
            String problem = check.problem(peer, m);
            if (problem != null) {
                reject(ctx, problem);
            } else if (!router.deliverLocal(m.from(), m.to(), m.message())) {
                reject(ctx, "a message is addressed to " + m.to() + ", which this region does not run");
            }
        } else if (msg instanceof DecodeFailure f) {
            log.warn("region {} sent a frame this node cannot read: {}", peerName, f.reason());
            ChannelFuture written = ctx.writeAndFlush(f.toNotice());
            if (f.fatal()) {
                // Framing is lost: nothing more can be read, so close once the peer has been told.
                written.addListener(ChannelFutureListener.CLOSE);
            }
        } else {
            reject(ctx, "region links carry node messages only, not " + FrameNames.of(msg));
        }
    }

    private void reject(ChannelHandlerContext ctx, String reason) {
        if (rejected.getAndIncrement() % 100 == 0) {
            log.warn("region {}: {}; dropped ({} so far)", peerName, reason, rejected.get());
        }
        ctx.writeAndFlush(new ErrorNotice(ErrorNotice.Code.INVALID, null, reason));
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        log.info("region {} closed its link to us", peerName);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        log.warn("link from region {} failed: {}", peerName, cause.toString());
        ctx.close();
    }
}
