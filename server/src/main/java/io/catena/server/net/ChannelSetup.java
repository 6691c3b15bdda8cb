package io.catena.server.net;

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

    private ChannelSetup(WirePipeline accepted, WirePipeline dialled) {
        this.accepted = accepted;
        this.dialled = dialled;
    }

    /** Plain TCP. */
    public static ChannelSetup plain(WireCodec codec, int maxFrameBytes) {
        WirePipeline p = new WirePipeline(codec, maxFrameBytes, null);
        return new ChannelSetup(p, p);
    }

    /** Mutual TLS: this process presents its certificate both ways and accepts only peers signed by the CA. */
    public static ChannelSetup tls(WireCodec codec, int maxFrameBytes, TlsSettings tls) throws TlsSetupException {
        return new ChannelSetup(new WirePipeline(codec, maxFrameBytes, tls.serverContext()),
                new WirePipeline(codec, maxFrameBytes, tls.clientContext()));
    }

    public boolean tlsEnabled() {
        return accepted.tlsEnabled();
    }

    void installServerSide(ChannelPipeline pipeline) {
        accepted.installAccepted(pipeline);
    }

    void installClientSide(ChannelPipeline pipeline, InetSocketAddress remote) {
        dialled.installDialled(pipeline, remote.getHostString(), remote.getPort());
    }
}
