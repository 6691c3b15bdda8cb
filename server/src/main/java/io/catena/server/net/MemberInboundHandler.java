package io.catena.server.net;

import io.catena.core.id.NodeId;
import io.catena.wire.DecodeFailure;
import io.catena.wire.NodeMessage;
import io.catena.wire.ProcessRole;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Receives the messages of another process of this region (a member) after its handshake: a
 * message must come from a node that process runs and go to a node this process runs (or, in
 * the coordinator's process, to one of its clients); anything else is answered with an error
 * notice and dropped. Tells the {@link MemberEvents} of the connection and of every frame.
 */
final class MemberInboundHandler extends SimpleChannelInboundHandler<Object> {

    private static final Logger log = LoggerFactory.getLogger(MemberInboundHandler.class);

    private final ProcessRole member;
    private final HandshakePolicy policy;
    private final Router router;
    private final MemberEvents events;
    private final InboundRejections rejections;

    MemberInboundHandler(ProcessRole member, HandshakePolicy policy, Router router, MemberEvents events) {
        this.member = member;
        this.policy = policy;
        this.router = router;
        this.events = events;
        this.rejections = new InboundRejections(log, member + " of this region");
    }

    @Override
    public void handlerAdded(ChannelHandlerContext ctx) {
        events.connected(member);
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, Object msg) {
        events.heard(member);
        if (msg instanceof NodeMessage m) {
            String problem = problem(m);
            if (problem != null) {
                rejections.reject(ctx, problem);
            } else {
                router.route(m.from(), m.to(), m.message());
            }
        } else if (msg instanceof DecodeFailure f) {
            rejections.undecodable(ctx, f);
        } else {
            rejections.reject(ctx, "links between a region's processes carry node messages only, not "
                    + FrameNames.of(msg));
        }
    }

    /** Why {@code m} may not pass, in one sentence; null if it may. */
    private String problem(NodeMessage m) {
        RegionLayout layout = policy.layout();
        NodeId from = m.from();
        NodeId to = m.to();
        int local = policy.localRegion();
        if (from.region().index() != local || from.role() == NodeId.Role.CLIENT || !layout.hostOf(from).equals(member)) {
            return "a message claims to come from " + from + ", which " + member + " of this region does not run";
        }
        boolean toClient = to.role() == NodeId.Role.CLIENT && layout.self().isCoordinator();
        if (to.region().index() != local || !toClient && (to.role() == NodeId.Role.CLIENT || !layout.hosts(to))) {
            return "a message is addressed to " + to + ", which this process does not run";
        }
        return null;
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        log.info("{} of this region closed its link to us", member);
        events.lost(member);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        log.warn("link from {} of this region failed: {}", member, cause.toString());
        ctx.close();
    }
}
