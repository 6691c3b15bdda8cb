package io.catena.server.net;

import static io.catena.server.net.Sentences.assertOneSentence;
import static org.assertj.core.api.Assertions.assertThat;

import io.catena.catenae.EpochMessageRule;
import io.catena.core.config.ClusterConfig;
import io.catena.core.data.RowKey;
import io.catena.core.data.Version;
import io.catena.core.id.NodeId;
import io.catena.core.id.RegionId;
import io.catena.core.id.RequestId;
import io.catena.core.message.SubmitReadOnly;
import io.catena.core.protocol.Protocol;
import io.catena.server.LogCapture;
import io.catena.server.config.ClusterFingerprint;
import io.catena.server.host.MicrosClock;
import io.catena.wire.ClientMessage;
import io.catena.wire.FrameKind;
import io.catena.wire.Hello;
import io.catena.wire.Refusal;
import io.catena.wire.Welcome;
import io.catena.wire.WireProtocol;
import io.catena.wire.codec.JacksonWireCodec;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.nio.NioEventLoopGroup;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Callers that fail the handshake of a region's endpoint: each is refused with one sentence that
 * names what is wrong, the refusal is logged, the connection is closed, and callers that get it
 * right are still welcomed. The endpoint runs alone (no nodes behind it): the handshake needs none.
 */
class HandshakeRefusalTest {

    private static final String CLUSTER = "orbit";
    private static final List<String> REGIONS = List.of("us", "eu", "asia");
    private static final String DIGEST = "5ca1ab1e0ddba11f00d";
    private static final ClusterConfig CONFIG = ClusterConfig.builder().regions(REGIONS).build();
    private static final String SETTINGS = ClusterFingerprint.of(CLUSTER, CONFIG, Protocol.CATENA).hex();
    /** The endpoint's cluster clock: genesis when the class loads. */
    private static final MicrosClock CLOCK = MicrosClock.system().since(MicrosClock.system().nowMicros());
    /** Short, so the deadline tests are quick; long enough for a Hello on a loaded 2-core machine. */
    private static final Duration HELLO_TIMEOUT = Duration.ofSeconds(1);

    private static EventLoopGroup group;
    private static NodeEndpoint endpoint;

    @BeforeAll
    static void bind() {
        group = new NioEventLoopGroup(1);
        RegionId us = RegionId.of(0);
        ClientConnections clients = new ClientConnections(us);
        HandshakePolicy policy = new HandshakePolicy(CLUSTER, REGIONS, 0, DIGEST, SETTINGS,
                ClockSkewCheck.of(CONFIG, CLOCK), HELLO_TIMEOUT);
        Admission admission = new Admission(policy,
                new PeerMessageCheck(CONFIG, us, CLOCK, new EpochMessageRule(CONFIG)), new Router(us, REGIONS.size(), clients),
                clients, new IntakeLimits(NodeId.coordinator(us), 100), new ConnectionRefusals());
        endpoint = NodeEndpoint.bind(new InetSocketAddress("127.0.0.1", 0), group,
                ChannelSetup.plain(JacksonWireCodec.smile(), WireProtocol.DEFAULT_MAX_FRAME_BYTES), admission);
    }

    @AfterAll
    static void close() {
        endpoint.close();
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }

    static Stream<Arguments> badFirstFrames() {
        byte[] query = FrameSocket.encode(new ClientMessage(new SubmitReadOnly(new RequestId(7, 1),
                List.of(RowKey.of("accounts", "alice")), Version.ZERO)));
        String hostileName = "evil\nWARN forged log line ".repeat(5_000);
        int newer = WireProtocol.VERSION + 1;
        String longerEpochs = ClusterFingerprint.of(CLUSTER, ClusterConfig.builder().regions(REGIONS)
                .epochLengthMicros(20_000).build(), Protocol.CATENA).hex();
        String baseline = ClusterFingerprint.of(CLUSTER, CONFIG, Protocol.parse("2pl")).hex();
        String offset = ClusterFingerprint.of(CLUSTER, ClusterConfig.builder().regions(REGIONS)
                .epochOffsetsMicros(List.of(0L, 50_000L, 75_000L)).build(), Protocol.CATENA).hex();
        return Stream.of(
                refused("a newer protocol version",
                        new Hello(newer, CLUSTER, "us", "", "", null, Hello.PeerKind.CLIENT, "future-client"),
                        "wire protocol version " + newer, "this node speaks version " + WireProtocol.VERSION),
                refused("a node of the previous version, whose Hello has no settings digest",
                        new Hello(1, CLUSTER, "eu", DIGEST, "", null, Hello.PeerKind.NODE, "old-node"),
                        "wire protocol version 1", "this node speaks version " + WireProtocol.VERSION),
                refused("another cluster's client", Hellos.client("andromeda", "us"), "'orbit'", "'andromeda'"),
                refused("a client that wants another region", Hellos.client(CLUSTER, "eu"), "this is region us",
                        "region 'eu'"),
                refused("a node of a region the cluster lacks", nodeHello("mars", DIGEST, SETTINGS), "'mars'",
                        "not in this cluster's region list"),
                refused("a node claiming this node's own region", nodeHello("us", DIGEST, SETTINGS), "region us",
                        "own region"),
                refused("a node with other procedures", nodeHello("eu", "0ther0procedures", SETTINGS),
                        "procedure registries differ", "'0ther0proced'"),
                refused("a node with another epoch length", nodeHello("eu", DIGEST, longerEpochs),
                        "cluster settings differ", SETTINGS.substring(0, 12), longerEpochs.substring(0, 12)),
                refused("a node running a baseline protocol", nodeHello("eu", DIGEST, baseline),
                        "cluster settings differ", baseline.substring(0, 12), "protocol section"),
                refused("a node whose regions' epochs run ahead of each other, which this one's do not",
                        nodeHello("eu", DIGEST, offset), "cluster settings differ", offset.substring(0, 12),
                        "each region's epochOffset"),
                refused("a node whose clock runs a minute ahead",
                        Hellos.node(CLUSTER, "eu", DIGEST, SETTINGS, CLOCK.signedNowMicros() + 60_000_000),
                        "the clocks of regions us and eu differ by at least ", "(eu's is ahead)",
                        "more than the 200 ms this cluster tolerates", "NTP", "genesis"),
                refused("a node that says no clock reading",
                        new Hello(WireProtocol.VERSION, CLUSTER, "eu", DIGEST, SETTINGS, null, Hello.PeerKind.NODE,
                                "eu"),
                        "region eu sent no clock reading"),
                refused("a cluster name of 125,000 characters and line breaks",
                        Hellos.client(hostileName, "us"), "not 'evil?WARN forged log line evil?WARN forg..."),
                Arguments.of("a transaction before the Hello", query,
                        List.of("first frame must be a Hello", "CLIENT_MESSAGE")),
                Arguments.of("a Hello whose body is garbage",
                        FrameSocket.framed(FrameKind.HELLO.wireId(), "\u00ff\u00fe not smile at all"),
                        List.of("first frame must be a Hello", "undecodable")),
                Arguments.of("an HTTP request",
                        "GET / HTTP/1.1\r\nHost: catena\r\n\r\n".getBytes(StandardCharsets.US_ASCII),
                        List.of("first frame must be a Hello", "exceeds the frame limit")));
    }

    /** A node's Hello with this endpoint's clock, as a region of the cluster would say it. */
    private static Hello nodeHello(String region, String registryDigest, String settingsDigest) {
        return Hellos.node(CLUSTER, region, registryDigest, settingsDigest, CLOCK.signedNowMicros());
    }

    private static Arguments refused(String caller, Hello hello, String... mentions) {
        return Arguments.of(caller, FrameSocket.encode(hello), List.of(mentions));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badFirstFrames")
    void aBadFirstFrameIsRefusedInOneSentenceLoggedAndClosed(String caller, byte[] firstBytes, List<String> mentions)
            throws IOException {
        try (LogCapture log = LogCapture.of(HandshakeHandler.class);
             FrameSocket s = FrameSocket.connect(endpoint.address())) {
            s.sendRaw(firstBytes);

            Refusal refusal = s.receive(Refusal.class);

            assertOneSentence(refusal.reason());
            assertThat(refusal.reason()).contains(mentions);
            assertThat(s.closedByPeer(Duration.ofSeconds(5))).as("closed after the refusal").isTrue();
            assertThat(log.warnings()).anySatisfy(line -> assertThat(line).contains(refusal.reason())
                    .doesNotContain("\n").hasSizeLessThan(500));
        }
    }

    @Test
    void aSilentCallerIsRefusedAtTheHelloDeadline() throws IOException {
        try (FrameSocket s = FrameSocket.connect(endpoint.address())) {
            long start = System.nanoTime();

            Refusal refusal = s.receive(Refusal.class);

            long waitedMillis = (System.nanoTime() - start) / 1_000_000;
            assertOneSentence(refusal.reason());
            assertThat(refusal.reason()).contains("no Hello arrived within " + HELLO_TIMEOUT.toMillis() + " ms");
            assertThat(waitedMillis).as("waited for the deadline").isBetween(HELLO_TIMEOUT.toMillis() - 50, HELLO_TIMEOUT.toMillis() + 3_000);
            assertThat(s.closedByPeer(Duration.ofSeconds(5))).isTrue();
        }
    }

    /**
     * The deadline runs from connecting, not from the last byte: a caller that keeps sending a
     * byte of its Hello every 50 ms (for some 10 s in all) never idles, yet must not hold the
     * connection past the deadline.
     */
    @Test
    void aCallerTricklingItsHelloIsCutOffAtTheDeadline() throws Exception {
        byte[] hello = FrameSocket.encode(Hello.client(CLUSTER, "us", "slow-client-".repeat(16)));
        try (FrameSocket s = FrameSocket.connect(endpoint.address())) {
            long start = System.nanoTime();
            for (int i = 0; i < hello.length - 1 && !s.hasInput(); i++) {
                s.sendRaw(new byte[] {hello[i]});
                Thread.sleep(50);
            }

            Refusal refusal = s.receive(Refusal.class);

            assertThat(refusal.reason()).contains("no Hello arrived within " + HELLO_TIMEOUT.toMillis() + " ms");
            assertThat((System.nanoTime() - start) / 1_000_000).as("ms until refused").isLessThan(5_000L);
            assertThat(s.closedByPeer(Duration.ofSeconds(5))).isTrue();
        }
    }

    @Test
    void callersThatGetItRightAreStillWelcomed() throws IOException {
        try (FrameSocket client = FrameSocket.connect(endpoint.address())) {
            Welcome asClient = (Welcome) client.hello(Hellos.client(CLUSTER, "us"));
            Welcome asNode;
            try (FrameSocket node = FrameSocket.connect(endpoint.address())) {
                asNode = (Welcome) node.hello(nodeHello("asia", DIGEST, SETTINGS));
            }
            // Behind by far more than the bound: that cannot be proven here, and asia refuses us instead.
            Welcome behind;
            try (FrameSocket node = FrameSocket.connect(endpoint.address())) {
                behind = (Welcome) node.hello(Hellos.node(CLUSTER, "asia", DIGEST, SETTINGS,
                        CLOCK.signedNowMicros() - 60_000_000));
            }

            assertThat(asClient.region()).isEqualTo("us");
            assertThat(asClient.clientIndex()).isNotNegative();
            assertThat(asNode.regionIndex()).isZero();
            assertThat(asNode.clientIndex()).isEqualTo(-1);
            assertThat(behind.regionIndex()).isZero();
            // Past the deadline, an admitted connection stays open.
            assertThat(client.closedByPeer(HELLO_TIMEOUT.multipliedBy(2))).isFalse();
        }
    }
}
