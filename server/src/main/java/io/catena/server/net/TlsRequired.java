package io.catena.server.net;

import io.catena.wire.FrameEncoder;
import io.catena.wire.Refusal;
import io.catena.wire.WirePipeline;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPipeline;
import io.netty.handler.codec.ByteToMessageDecoder;
import io.netty.handler.ssl.SslHandler;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * First on every connection a TLS endpoint accepts: a caller that starts with a TLS record is
 * handed to the TLS handler untouched; one that speaks plain text (a client or node configured
 * without TLS) is answered with a plain-text {@link Refusal} saying that TLS is required, so it
 * can tell its user why, and is counted as a TLS refusal. The refusal is written past the TLS
 * handler through a frame encoder of its own, placed in front of this handler.
 */
final class TlsRequired extends ByteToMessageDecoder {

    static final String NAME = "tls-required";
    static final String REFUSAL_ENCODER = "tls-required-refusal-encoder";
    /** Enough bytes to recognise a TLS record header. */
    private static final int RECORD_HEADER_BYTES = 5;
    private static final Logger log = LoggerFactory.getLogger(TlsRequired.class);

    private final ConnectionRefusals refusals;
    private boolean refused;

    private TlsRequired(ConnectionRefusals refusals) {
        this.refusals = refusals;
    }

    /** Puts the check in front of the TLS handler that {@link WirePipeline} installed. */
    static void install(ChannelPipeline pipeline, FrameEncoder plainEncoder, ConnectionRefusals refusals) {
        pipeline.addBefore(WirePipeline.TLS, NAME, new TlsRequired(refusals));
        pipeline.addBefore(NAME, REFUSAL_ENCODER, plainEncoder);
    }

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
        if (refused) {
            in.skipBytes(in.readableBytes());
            return;
        }
        if (in.readableBytes() < RECORD_HEADER_BYTES) {
            return;
        }
        if (SslHandler.isEncrypted(in, false)) {
            ctx.pipeline().remove(REFUSAL_ENCODER);
            ctx.pipeline().remove(this);
            return;
        }
        refused = true;
        in.skipBytes(in.readableBytes());
        if (refusals.refuse(ctx.channel(), ConnectionRefusals.Reason.TLS)) {
            log.warn("refused a connection from {}: it speaks plain text to a port that requires TLS",
                    ctx.channel().remoteAddress());
        }
        ctx.writeAndFlush(new Refusal("this region accepts only TLS connections; configure TLS (a client: tls=true "
                + "with tlsCa, tlsCert and tlsKey in its URL)")).addListener(ChannelFutureListener.CLOSE);
    }
}
