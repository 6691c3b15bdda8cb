package io.catena.server.net;

import io.catena.core.id.RegionId;
import io.catena.wire.DecodeFailure;
import io.catena.wire.NodeMessage;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
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
    private final InboundRejections rejections;

    PeerInboundHandler(RegionId peer, String peerName, PeerMessageCheck check, Router router) {
        this.peer = peer;
        this.peerName = peerName;
        this.check = check;
        this.router = router;
        this.rejections = new InboundRejections(log, "region " + peerName);
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, Object msg) {
        if (msg instanceof NodeMessage m) {
            String problem = check.problem(peer, m);
            if (problem != null) {
                rejections.reject(ctx, problem);
            } else if (!router.deliverLocal(m.from(), m.to(), m.message())) {
                rejections.reject(ctx, "a message is addressed to " + m.to() + ", which this region does not run");
            }
        } else if (msg instanceof DecodeFailure f) {
            rejections.undecodable(ctx, f);
        } else {
            rejections.reject(ctx, "region links carry node messages only, not " + FrameNames.of(msg));
        }
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
