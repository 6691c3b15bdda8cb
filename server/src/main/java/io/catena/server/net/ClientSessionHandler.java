package io.catena.server.net;

import io.catena.core.id.NodeId;
import io.catena.core.id.RequestId;
import io.catena.core.message.Message;
import io.catena.core.message.QueryOutcome;
import io.catena.core.message.SubmitReadOnly;
import io.catena.core.message.SubmitTxn;
import io.catena.server.host.NodeRunner;
import io.catena.wire.ClientMessage;
import io.catena.wire.DecodeFailure;
import io.catena.wire.ErrorNotice;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Serves one client connection after its handshake: passes its transactions, snapshot reads and
 * outcome queries to the region's coordinator under the connection's client address, and turns
 * anything else into an error notice that says what was wrong. A client that disconnects
 * mid-transaction loses nothing: the coordinator finishes the transaction and keeps the answer for a
 * retry, or for the outcome query that asks for it.
 */
final class ClientSessionHandler extends SimpleChannelInboundHandler<Object> {

    private static final Logger log = LoggerFactory.getLogger(ClientSessionHandler.class);

    private final NodeId client;
    private final Admission admission;

    ClientSessionHandler(NodeId client, Admission admission) {
        this.client = client;
        this.admission = admission;
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, Object msg) {
        if (msg instanceof ClientMessage cm) {
            onRequest(ctx, cm.message());
        } else if (msg instanceof DecodeFailure f) {
            ChannelFuture written = notice(ctx, f.code(), null, f.reason());
            if (f.fatal()) {
                // Framing is lost: nothing more can be read, so close once the client has been told.
                written.addListener(ChannelFutureListener.CLOSE);
            }
        } else {
            notice(ctx, ErrorNotice.Code.INVALID, null,
                    "a client may send only transactions, snapshot reads and outcome queries, not " + FrameNames.of(msg));
        }
    }

    private void onRequest(ChannelHandlerContext ctx, Message message) {
        RequestId request;
        RequestKind kind;
        if (message instanceof SubmitTxn s) {
            request = s.request();
            kind = RequestKind.READ_WRITE;
        } else if (message instanceof SubmitReadOnly r) {
            request = r.request();
            kind = RequestKind.READ_ONLY;
        } else if (message instanceof QueryOutcome q) {
            request = q.request();
            kind = RequestKind.OUTCOME_LOOKUP;
        } else {
            notice(ctx, ErrorNotice.Code.INVALID, null,
                    "a client may send only transactions, snapshot reads and outcome queries, not " + message.type());
            return;
        }
        IntakeLimits limits = admission.limits();
        NodeRunner coordinator = admission.router().node(limits.coordinator());
        if (coordinator == null || coordinator.inboxSize() > limits.maxCoordinatorBacklog()) {
            admission.clients().refused(kind, ErrorNotice.Code.OVERLOADED);
            notice(ctx, ErrorNotice.Code.OVERLOADED, request,
                    "the coordinator of this region is overloaded; retry after a short pause");
            return;
        }
        Optional<String> outage = limits.store().outage();
        if (outage.isPresent()) {
            admission.clients().refused(kind, ErrorNotice.Code.OVERLOADED);
            notice(ctx, ErrorNotice.Code.OVERLOADED, request, outage.get()
                    + "; the request was not run: retry after a short pause, or in another region");
            return;
        }
        admission.clients().arrived(client, request, kind);
        admission.router().deliverLocal(client, limits.coordinator(), message);
    }

    private ChannelFuture notice(ChannelHandlerContext ctx, ErrorNotice.Code code, RequestId request, String detail) {
        if (code != ErrorNotice.Code.OVERLOADED) {
            log.debug("client {}: {}", client, detail);
        }
        return ctx.writeAndFlush(new ErrorNotice(code, request, detail));
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        log.debug("client {} connection failed: {}", client, cause.toString());
        ctx.close();
    }
}
