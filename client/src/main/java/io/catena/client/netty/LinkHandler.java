package io.catena.client.netty;

import io.catena.client.spi.LinkListener;
import io.catena.wire.DecodeFailure;
import io.catena.wire.Frame;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Passes a link's frames to its listener and tells it, exactly once, when the link ends. Frames
 * the coordinator sent that cannot be decoded are logged; if framing is lost the link closes and
 * the connection resends what is unanswered elsewhere.
 */
final class LinkHandler extends ChannelInboundHandlerAdapter {

    private static final Logger log = LoggerFactory.getLogger(LinkHandler.class);

    private final LinkListener listener;
    private Throwable failure;

    LinkHandler(LinkListener listener) {
        this.listener = listener;
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (msg instanceof Frame f) {
            listener.onFrame(f);
        } else if (msg instanceof DecodeFailure d) {
            log.warn("coordinator at {} sent a frame this client cannot read: {}", ctx.channel().remoteAddress(),
                    d.reason());
            if (d.fatal()) {
                failure = new IllegalStateException("the coordinator's frames became unreadable: " + d.reason());
                ctx.close();
            }
        }
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        if (failure == null) {
            failure = cause;
        }
        ctx.close();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        listener.onClosed(failure);
    }
}
