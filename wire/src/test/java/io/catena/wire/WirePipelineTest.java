package io.catena.wire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.catena.wire.codec.JacksonWireCodec;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslHandler;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The handlers {@link WirePipeline} installs, their order and names. */
class WirePipelineTest {

    @TempDir
    static Path dir;
    private static SslContext serverTls;
    private static SslContext clientTls;

    @BeforeAll
    static void contexts() throws TlsSetupException {
        TlsSettings settings = TestCertificates.newAuthority(dir, "catena").issue("node-a");
        serverTls = settings.serverContext();
        clientTls = settings.clientContext();
    }

    @Test
    void plainTextInstallsDecoderThenEncoder() {
        EmbeddedChannel ch = new EmbeddedChannel();

        WirePipeline.plain(JacksonWireCodec.smile()).installAccepted(ch.pipeline());

        assertThat(ch.pipeline().names()).startsWith(WirePipeline.FRAME_DECODER, WirePipeline.FRAME_ENCODER);
        ch.finishAndReleaseAll();
    }

    @Test
    void tlsComesFirstOnBothSides() {
        EmbeddedChannel accepted = new EmbeddedChannel();
        EmbeddedChannel dialled = new EmbeddedChannel();

        new WirePipeline(JacksonWireCodec.smile(), 1024, serverTls).installAccepted(accepted.pipeline());
        new WirePipeline(JacksonWireCodec.smile(), 1024, clientTls).installDialled(dialled.pipeline(), "node-a", 7000);

        for (EmbeddedChannel ch : new EmbeddedChannel[] {accepted, dialled}) {
            assertThat(ch.pipeline().names())
                    .startsWith(WirePipeline.TLS, WirePipeline.FRAME_DECODER, WirePipeline.FRAME_ENCODER);
        }
        SslHandler client = dialled.pipeline().get(SslHandler.class);
        assertThat(client.engine().getSSLParameters().getEndpointIdentificationAlgorithm()).isEqualTo("HTTPS");
        assertThat(client.engine().getPeerHost()).isEqualTo("node-a");
        assertThat(accepted.pipeline().get(SslHandler.class).engine().getNeedClientAuth()).isTrue();
        accepted.close();
        dialled.close();
    }

    @Test
    void aContextForTheWrongSideIsRefused() {
        WirePipeline withClientContext = new WirePipeline(JacksonWireCodec.smile(), 1024, clientTls);
        WirePipeline withServerContext = new WirePipeline(JacksonWireCodec.smile(), 1024, serverTls);

        assertThatThrownBy(() -> withClientContext.installAccepted(new EmbeddedChannel().pipeline()))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("an accepted channel needs a server TLS context");
        assertThatThrownBy(() -> withServerContext.installDialled(new EmbeddedChannel().pipeline(), "h", 1))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("a dialled channel needs a client TLS context");
    }
}
