package io.catena.server.net;

import io.catena.core.id.NodeId;
import io.catena.core.id.RegionId;
import io.catena.wire.DecodeFailure;
import io.catena.wire.ErrorNotice;
import io.catena.wire.NodeMessage;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Receives a peer region's messages after its handshake. A message must come from a node of
 * that region and go to a node of ours; anything else is answered with an error notice, logged
 * (rate-limited) and dropped, and the connection stays up.
 */
final class PeerInboundHandler extends SimpleChannelInboundHandler<Object> {

    private static final Logger log = LoggerFactory.getLogger(PeerInboundHandler.class);

    private final RegionId peer;
    private final String peerName;
    private final Router router;
    private final AtomicLong rejected = new AtomicLong();

    PeerInboundHandler(RegionId peer, String peerName, Router router) {
        this.peer = peer;
        this.peerName = peerName;
        this.router = router;
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, Object msg) {
        if (msg instanceof NodeMessage m) {
            NodeId to = m.to();
            if (!m.from().region().equals(peer)) {
                reject(ctx, "a message claims to come from " + m.from() + " on region " + peerName + "'s link");
            } else if (!to.region().equals(router.localRegion()) || to.role() == NodeId.Role.CLIENT) {
                reject(ctx, "a message is addressed to " + to + ", which is not a node of this region");
            } else if (!router.deliverLocal(m.from(), to, m.message())) {
                reject(ctx, "a message is addressed to " + to + ", which this region does not run");
            }
        } else if (msg instanceof DecodeFailure f) {
            log.warn("region {} sent a frame this node cannot read: {}", peerName, f.reason());
            ctx.writeAndFlush(f.toNotice());
            if (f.fatal()) {
                ctx.close();
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
