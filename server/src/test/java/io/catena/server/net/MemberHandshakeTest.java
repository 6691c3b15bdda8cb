package io.catena.server.net;

import static io.catena.server.net.Sentences.assertOneSentence;
import static org.assertj.core.api.Assertions.assertThat;

import io.catena.catenae.EpochMessageRule;
import io.catena.core.config.ClusterConfig;
import io.catena.core.id.NodeId;
import io.catena.core.id.RegionId;
import io.catena.core.protocol.Protocol;
import io.catena.server.config.ClusterFingerprint;
import io.catena.server.host.MicrosClock;
import io.catena.wire.Frame;
import io.catena.wire.Hello;
import io.catena.wire.ProcessRole;
import io.catena.wire.Refusal;
import io.catena.wire.Welcome;
import io.catena.wire.WireProtocol;
import io.catena.wire.codec.JacksonWireCodec;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.nio.NioEventLoopGroup;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The handshake of a region split over processes: region us runs its coordinator's process and
 * one process for each of its two chain servers. Chain server 1's endpoint admits only the
 * region's other processes in the roles the file places, and refuses clients, peer regions and
 * impostors in one sentence each; the coordinator's endpoint admits the chain servers as members.
 */
class MemberHandshakeTest {

    private static final String CLUSTER = "orbit";
    private static final List<String> REGIONS = List.of("us", "eu", "asia");
    private static final String DIGEST = "5ca1ab1e0ddba11f00d";
    private static final ClusterConfig CONFIG = ClusterConfig.builder().regions(REGIONS).chainServersPerRegion(2)
            .build();
    private static final String SETTINGS = ClusterFingerprint.of(CLUSTER, CONFIG, Protocol.CATENA).hex();
    private static final MicrosClock CLOCK = MicrosClock.system().since(MicrosClock.system().nowMicros());
    private static final InetSocketAddress COORDINATOR = new InetSocketAddress("127.0.0.1", 7101);

    private static EventLoopGroup group;
    private static NodeEndpoint chainServer1;
    private static NodeEndpoint coordinator;

    @BeforeAll
    static void bind() {
        group = new NioEventLoopGroup(1);
        List<InetSocketAddress> servers = List.of(new InetSocketAddress("127.0.0.1", 7111),
                new InetSocketAddress("127.0.0.1", 7112));
        chainServer1 = bind(new RegionLayout(ProcessRole.chainServer(1), COORDINATOR, servers));
        coordinator = bind(new RegionLayout(ProcessRole.COORDINATOR, COORDINATOR, servers));
    }

    private static NodeEndpoint bind(RegionLayout layout) {
        return bind(() -> layout);
    }

    private static NodeEndpoint bind(Supplier<RegionLayout> layout) {
        RegionId us = RegionId.of(0);
        ClientConnections clients = new ClientConnections(us);
        HandshakePolicy policy = new HandshakePolicy(CLUSTER, REGIONS, 0, DIGEST, SETTINGS,
                ClockSkewCheck.of(CONFIG, CLOCK), layout);
        Admission admission = new Admission(policy, new PeerMessageCheck(CONFIG, us, CLOCK,
                new EpochMessageRule(CONFIG)), new Router(us, REGIONS.size(), clients), clients,
                new IntakeLimits(NodeId.coordinator(us), 100), new ConnectionRefusals());
        return NodeEndpoint.bind(new InetSocketAddress("127.0.0.1", 0), group,
                ChannelSetup.plain(JacksonWireCodec.smile(), WireProtocol.DEFAULT_MAX_FRAME_BYTES), admission);
    }

    @AfterAll
    static void close() {
        chainServer1.close();
        coordinator.close();
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    }

    private static Hello hello(String region, ProcessRole role) {
        return Hello.node(CLUSTER, region, DIGEST, SETTINGS, CLOCK.signedNowMicros(), region + "@member-test", role);
    }

    static Stream<Arguments> refusedAtChainServer1() {
        return Stream.of(
                Arguments.of("a client", Hello.client(CLUSTER, "us", "app"),
                        List.of("this is chain server 1 of region us, which serves no clients",
                                "connect to the region's address 127.0.0.1:7101")),
                Arguments.of("a peer region's coordinator", hello("eu", ProcessRole.COORDINATOR),
                        List.of("only its region's own processes call", "region eu should call",
                                "127.0.0.1:7101")),
                Arguments.of("a peer region's chain server", hello("eu", ProcessRole.chainServer(0)),
                        List.of("chain server 0 of region eu may call only its own region's processes")),
                Arguments.of("a third chain server where the file lists two", hello("us", ProcessRole.chainServer(2)),
                        List.of("region us lists 2 chain-server processes, so there is no chain server 2")),
                Arguments.of("a second chain server 1", hello("us", ProcessRole.chainServer(1)),
                        List.of("this process is chain server 1 of region us too", "two processes claim")),
                Arguments.of("a member of another cluster", Hello.node("andromeda", "us", DIGEST, SETTINGS,
                        CLOCK.signedNowMicros(), "x", ProcessRole.COORDINATOR), List.of("'orbit'", "'andromeda'")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("refusedAtChainServer1")
    void aChainServerProcessRefusesAllButItsRegionsProcessesInOneSentence(String caller, Hello hello,
                                                                         List<String> mentions) throws IOException {
        try (FrameSocket s = FrameSocket.connect(chainServer1.address())) {
            Frame answer = s.hello(hello);

            assertThat(answer).isInstanceOf(Refusal.class);
            String reason = ((Refusal) answer).reason();
            assertOneSentence(reason);
            assertThat(reason).contains(mentions);
            assertThat(s.closedByPeer(Duration.ofSeconds(5))).isTrue();
        }
    }

    @Test
    void theRegionsProcessesAreWelcomedAndAnswerWithTheirRole() throws IOException {
        try (FrameSocket s = FrameSocket.connect(chainServer1.address())) {
            assertThat(s.hello(hello("us", ProcessRole.COORDINATOR))).isEqualTo(new Welcome(WireProtocol.VERSION,
                    CLUSTER, "us", 0, -1, ProcessRole.chainServer(1)));
        }
        try (FrameSocket s = FrameSocket.connect(coordinator.address())) {
            assertThat(s.hello(hello("us", ProcessRole.chainServer(0)))).isEqualTo(new Welcome(WireProtocol.VERSION,
                    CLUSTER, "us", 0, -1, ProcessRole.COORDINATOR));
        }
    }

    @Test
    void aChainServerAppendedWhileTheRegionRunsIsAdmittedFromTheNextHandshakeOn() throws IOException {
        RegionLayout started = new RegionLayout(ProcessRole.COORDINATOR, COORDINATOR,
                List.of(new InetSocketAddress("127.0.0.1", 7111), new InetSocketAddress("127.0.0.1", 7112)));
        AtomicReference<RegionLayout> layout = new AtomicReference<>(started);
        NodeEndpoint endpoint = bind(layout::get);
        try {
            try (FrameSocket s = FrameSocket.connect(endpoint.address())) {
                assertThat(s.hello(hello("us", ProcessRole.chainServer(2)))).isInstanceOf(Refusal.class);
            }
            layout.set(started.grownBy(List.of(new InetSocketAddress("127.0.0.1", 7113))));
            try (FrameSocket s = FrameSocket.connect(endpoint.address())) {
                assertThat(s.hello(hello("us", ProcessRole.chainServer(2)))).isEqualTo(new Welcome(
                        WireProtocol.VERSION, CLUSTER, "us", 0, -1, ProcessRole.COORDINATOR));
            }
        } finally {
            endpoint.close();
        }
    }

    @Test
    void theCoordinatorsProcessRefusesASecondCoordinatorOfItsRegion() throws IOException {
        try (FrameSocket s = FrameSocket.connect(coordinator.address())) {
            Frame answer = s.hello(hello("us", ProcessRole.COORDINATOR));

            assertThat(answer).isInstanceOf(Refusal.class);
            assertOneSentence(((Refusal) answer).reason());
            assertThat(((Refusal) answer).reason()).contains("this process is the coordinator of region us too");
        }
    }
}
