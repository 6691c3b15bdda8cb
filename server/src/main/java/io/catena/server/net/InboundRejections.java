package io.catena.server.net;

import io.catena.wire.DecodeFailure;
import io.catena.wire.ErrorNotice;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;

/**
 * How a node's inbound link answers what it will not deliver: the sender gets an error notice,
 * the log a WARN (only every hundredth rejection, since a misbehaving peer repeats itself), and
 * the connection stays up unless the framing is lost. One per connection; on its event loop.
 */
final class InboundRejections {

    private final Logger log;
    private final String sender;
    private final AtomicLong rejected = new AtomicLong();

    /** @param sender names the other end in log lines, e.g. "region eu" */
    InboundRejections(Logger log, String sender) {
        this.log = log;
        this.sender = sender;
    }

    /** Answers a message that may not pass with {@code reason}, one sentence. */
    void reject(ChannelHandlerContext ctx, String reason) {
        if (rejected.getAndIncrement() % 100 == 0) {
            log.warn("{}: {}; dropped ({} so far)", sender, reason, rejected.get());
        }
        ctx.writeAndFlush(new ErrorNotice(ErrorNotice.Code.INVALID, null, reason));
    }

    /** Answers a frame that did not decode, and closes the connection once told if framing is lost. */
    void undecodable(ChannelHandlerContext ctx, DecodeFailure f) {
        log.warn("{} sent a frame this node cannot read: {}", sender, f.reason());
        ChannelFuture written = ctx.writeAndFlush(f.toNotice());
        if (f.fatal()) {
            written.addListener(ChannelFutureListener.CLOSE);
        }
    }
}
