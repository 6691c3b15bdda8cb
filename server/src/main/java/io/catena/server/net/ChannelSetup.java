package io.catena.server.net;

import io.catena.wire.FrameEncoder;
import io.catena.wire.TlsSettings;
import io.catena.wire.TlsSetupException;
import io.catena.wire.WireCodec;
import io.catena.wire.WirePipeline;
import io.netty.channel.ChannelPipeline;
import java.net.InetSocketAddress;

/**
 * How every Catena connection of a process is framed and secured: the codec, the frame limit and,
 * optionally, mutual TLS. Connections this process accepts and connections it dials differ only
 * in their TLS role, so both pipelines come from one setup.
 */
public final class ChannelSetup {

    private final WirePipeline accepted;
    private final WirePipeline dialled;
    /** Encodes the plain-text refusal of a caller that does not speak TLS; null without TLS. */
    private final FrameEncoder plainRefusals;

    private ChannelSetup(WirePipeline accepted, WirePipeline dialled, FrameEncoder plainRefusals) {
        this.accepted = accepted;
        this.dialled = dialled;
        this.plainRefusals = plainRefusals;
    }

    /** Plain TCP. */
    public static ChannelSetup plain(WireCodec codec, int maxFrameBytes) {
        WirePipeline p = new WirePipeline(codec, maxFrameBytes, null);
        return new ChannelSetup(p, p, null);
    }

    /** Mutual TLS: this process presents its certificate both ways and accepts only peers signed by the CA. */
    public static ChannelSetup tls(WireCodec codec, int maxFrameBytes, TlsSettings tls) throws TlsSetupException {
        return new ChannelSetup(new WirePipeline(codec, maxFrameBytes, tls.serverContext()),
                new WirePipeline(codec, maxFrameBytes, tls.clientContext()), new FrameEncoder(codec, maxFrameBytes));
    }

    public boolean tlsEnabled() {
        return accepted.tlsEnabled();
    }

    /** Installs the wire handlers of an accepted connection; with TLS, plain-text callers are refused readably. */
    void installServerSide(ChannelPipeline pipeline, ConnectionRefusals refusals) {
        accepted.installAccepted(pipeline);
        if (plainRefusals != null) {
            TlsRequired.install(pipeline, plainRefusals, refusals);
        }
    }

    void installClientSide(ChannelPipeline pipeline, InetSocketAddress remote) {
        dialled.installDialled(pipeline, remote.getHostString(), remote.getPort());
    }
}
