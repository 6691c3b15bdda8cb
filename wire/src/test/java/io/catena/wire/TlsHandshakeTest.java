package io.catena.wire;

import static io.catena.wire.TlsLoopback.HELLO;
import static io.catena.wire.TlsLoopback.WELCOME;
import static org.assertj.core.api.Assertions.assertThat;

import io.catena.wire.TlsLoopback.End;
import io.catena.wire.TlsLoopback.Server;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.handler.ssl.NotSslRecordException;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslProvider;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLHandshakeException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Mutual TLS between real loopback endpoints built from {@link TlsSettings} and {@link WirePipeline}. */
class TlsHandshakeTest {

    private static final long WAIT_SECONDS = 10;

    @TempDir
    static Path dir;
    private static TestCertificates catena;
    private static TestCertificates rogue;
    private static EventLoopGroup group;

    @BeforeAll
    static void start() {
        catena = TestCertificates.newAuthority(dir, "catena");
        rogue = TestCertificates.newAuthority(dir, "rogue");
        group = new NioEventLoopGroup(2);
    }

    @AfterAll
    static void stop() {
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }

    @ParameterizedTest
    @ValueSource(strings = {"127.0.0.1", "localhost"})
    void peersWithCertificatesFromTheSameAuthorityExchangeFrames(String host) throws Exception {
        try (Server server = new Server(group, catena.issue("node-a").serverContext())) {
            End client = TlsLoopback.connect(group, server, host, catena.issue("client-b").clientContext());

            assertThat(client.received.poll(WAIT_SECONDS, TimeUnit.SECONDS)).isEqualTo(WELCOME);
            assertThat(server.accepted.received.poll(WAIT_SECONDS, TimeUnit.SECONDS)).isEqualTo(HELLO);
            assertThat(server.accepted.handshake.get(WAIT_SECONDS, TimeUnit.SECONDS)).isEqualTo("CN=client-b");
            assertThat(client.handshake.get(WAIT_SECONDS, TimeUnit.SECONDS)).isEqualTo("CN=node-a");
            client.channel.close().syncUninterruptibly();
        }
    }

    @Test
    void aClientWithACertificateFromAnotherAuthorityIsRefused() throws Exception {
        TlsSettings impostor = rogue.issue("impostor");
        TlsSettings trustingCatena = new TlsSettings(impostor.certificateChain(), impostor.privateKey(),
                catena.caCertificate());
        try (Server server = new Server(group, catena.issue("node-a").serverContext())) {
            End client = TlsLoopback.connect(group, server, "127.0.0.1", trustingCatena.clientContext());

            assertRefusedByServer(server, client);
            assertThat(failure(server.accepted)).isInstanceOf(SSLHandshakeException.class);
        }
    }

    @Test
    void aClientWithoutACertificateIsRefused() throws Exception {
        SslContext anonymous = SslContextBuilder.forClient().trustManager(catena.caCertificate().toFile())
                .sslProvider(SslProvider.JDK).build();
        try (Server server = new Server(group, catena.issue("node-a").serverContext())) {
            End client = TlsLoopback.connect(group, server, "127.0.0.1", anonymous);

            assertRefusedByServer(server, client);
            assertThat(failure(server.accepted)).isInstanceOf(SSLHandshakeException.class);
        }
    }

    @Test
    void plainTextToATlsServerIsRefused() throws Exception {
        try (Server server = new Server(group, catena.issue("node-a").serverContext())) {
            End client = TlsLoopback.connect(group, server, "127.0.0.1", null);

            assertRefusedByServer(server, client);
            assertThat(failure(server.accepted)).isInstanceOf(NotSslRecordException.class);
        }
    }

    @Test
    void aServerFromAnotherAuthorityIsRefusedByTheClient() throws Exception {
        try (Server server = new Server(group, rogue.issue("fake-node").serverContext())) {
            End client = TlsLoopback.connect(group, server, "127.0.0.1", catena.issue("client-b").clientContext());

            assertThat(failure(client)).isInstanceOf(SSLHandshakeException.class);
            assertThat(server.accepted.received.poll(1, TimeUnit.SECONDS)).isNull();
        }
    }

    @Test
    void aServerWhoseCertificateNamesAnotherHostIsRefusedByTheClient() throws Exception {
        TlsSettings elsewhere = catena.issue("node-elsewhere", List.of("node.example"), List.of("10.1.2.3"));
        try (Server server = new Server(group, elsewhere.serverContext())) {
            End client = TlsLoopback.connect(group, server, "127.0.0.1", catena.issue("client-b").clientContext());

            assertThat(failure(client)).isInstanceOf(SSLHandshakeException.class)
                    .hasMessageContaining("127.0.0.1");
            assertThat(server.accepted.received.poll(1, TimeUnit.SECONDS)).isNull();
        }
    }

    /** The server's handshake failed, it decoded nothing, and the client's connection was closed. */
    private static void assertRefusedByServer(Server server, End client) throws InterruptedException {
        assertThat(server.accepted.handshake).failsWithin(WAIT_SECONDS, TimeUnit.SECONDS);
        assertThat(client.channel.closeFuture().await(WAIT_SECONDS, TimeUnit.SECONDS)).as("client closed").isTrue();
        assertThat(server.accepted.received).isEmpty();
        assertThat(client.received).doesNotContain(WELCOME);
    }

    /** The handshake failure of {@code end}, waiting for it. */
    private static Throwable failure(End end) {
        assertThat(end.handshake).failsWithin(WAIT_SECONDS, TimeUnit.SECONDS);
        return end.handshake.handle((ok, error) -> error).join();
    }
}
