package io.catena.wire;

import io.netty.channel.ChannelPipeline;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslHandler;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLParameters;

/**
 * Assembles the wire end of a channel pipeline, the same way on both sides of a connection:
 * {@value #TLS} (when TLS is on), {@value #FRAME_DECODER}, {@value #FRAME_ENCODER}. The caller
 * adds its own handler last; it reads {@link Frame} and {@link DecodeFailure} objects (see
 * {@link DecodeFailure} for what to do with each kind of failure) and writes {@link Frame}s.
 *
 * <p>A node that both accepts and dials needs two instances, one per TLS context. Instances are
 * immutable and thread-safe; every install creates fresh per-channel handlers.
 */
public final class WirePipeline {

    /** Name of the {@link SslHandler}, first in the pipeline. */
    public static final String TLS = "catena-tls";
    /** Name of the {@link FrameDecoder}. */
    public static final String FRAME_DECODER = "catena-frame-decoder";
    /** Name of the {@link FrameEncoder}. */
    public static final String FRAME_ENCODER = "catena-frame-encoder";

    private final WireCodec codec;
    private final int maxFrameBytes;
    private final SslContext tls;

    /**
     * @param codec         the body codec; both ends must use the same one
     * @param maxFrameBytes the largest frame read or written (kind byte and body)
     * @param tls           a server or client context from {@link TlsSettings}, or null for plain text
     */
    public WirePipeline(WireCodec codec, int maxFrameBytes, SslContext tls) {
        if (codec == null) {
            throw new IllegalArgumentException("a wire pipeline needs a codec");
        }
        if (maxFrameBytes < 1) {
            throw new IllegalArgumentException("the frame limit must be at least 1 byte: " + maxFrameBytes);
        }
        this.codec = codec;
        this.maxFrameBytes = maxFrameBytes;
        this.tls = tls;
    }

    /** Plain text with the default frame limit. */
    public static WirePipeline plain(WireCodec codec) {
        return new WirePipeline(codec, WireProtocol.DEFAULT_MAX_FRAME_BYTES, null);
    }

    /** Installs the handlers on a channel this process accepted. */
    public void installAccepted(ChannelPipeline pipeline) {
        if (tls != null) {
            if (!tls.isServer()) {
                throw new IllegalStateException("an accepted channel needs a server TLS context");
            }
            pipeline.addLast(TLS, tls.newHandler(pipeline.channel().alloc()));
        }
        addFraming(pipeline);
    }

    /**
     * Installs the handlers on a channel this process dials to {@code host}. With TLS, the
     * server's certificate must name {@code host} (as a DNS name or IP address).
     */
    public void installDialled(ChannelPipeline pipeline, String host, int port) {
        if (tls != null) {
            if (tls.isServer()) {
                throw new IllegalStateException("a dialled channel needs a client TLS context");
            }
            SslHandler handler = tls.newHandler(pipeline.channel().alloc(), host, port);
            SSLEngine engine = handler.engine();
            SSLParameters parameters = engine.getSSLParameters();
            // Chaining to our CA is not enough: the peer must also be the host we meant to reach.
            parameters.setEndpointIdentificationAlgorithm("HTTPS");
            engine.setSSLParameters(parameters);
            pipeline.addLast(TLS, handler);
        }
        addFraming(pipeline);
    }

    /** Whether channels this instance assembles speak TLS. */
    public boolean tlsEnabled() {
        return tls != null;
    }

    private void addFraming(ChannelPipeline pipeline) {
        pipeline.addLast(FRAME_DECODER, new FrameDecoder(codec, maxFrameBytes));
        pipeline.addLast(FRAME_ENCODER, new FrameEncoder(codec, maxFrameBytes));
    }
}
