package io.catena.lab.cluster;

import io.catena.server.cluster.InProcessCluster;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.catena.client.Catena;
import io.catena.client.Connection;
import io.catena.client.UnavailableException;
import io.catena.core.config.ClusterConfig;
import io.catena.core.id.RegionId;
import io.catena.core.procedure.ProcedureRegistry;
import io.catena.lab.demo.DemoAudit;
import io.catena.server.host.MicrosClock;
import io.catena.lab.load.ConnectionGateway;
import io.catena.lab.load.LoadDriver;
import io.catena.lab.load.TxnGateway;
import io.catena.server.config.NetworkSettings;
import io.catena.server.net.ChannelSetup;
import io.catena.server.net.ConnectionRefusals;
import io.catena.server.net.PeerLink;
import io.catena.server.region.RegionRuntime;
import io.catena.lab.report.Check;
import io.catena.lab.report.RunRecorder;
import io.catena.harness.check.TxnOutcome;
import io.catena.harness.workload.WorkloadSpec;
import io.catena.harness.run.RunHeader;
import io.catena.harness.workload.Workload;
import io.catena.wire.Hello;
import io.catena.wire.TestCertificates;
import io.catena.wire.TlsSettings;
import io.catena.wire.WireCodecs;
import io.catena.wire.WireProtocol;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.nio.NioEventLoopGroup;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Three regions whose every connection — between regions and from clients — is mutual TLS with
 * certificates the test makes itself: a workload through the client library checks out, and
 * clients and nodes without a certificate of the cluster's authority are refused, quickly.
 */
class TlsClusterTest {

    private static final Duration WAIT = Duration.ofSeconds(10);
    /**
     * Generous, so that on a busy machine a refusal is seen as the region closing the connection,
     * never as the client giving up first.
     */
    private static final String CONNECT_TIMEOUT = "&connectTimeout=10s";
    private static final RegionId R1 = RegionId.of(1);

    @TempDir
    static Path dir;
    private static TestCertificates authority;
    private static TestCertificates rogue;
    private static final String WORKLOAD = "bank:accounts=30,audit=0.05,lookup=0.2";
    private static Workload workload;
    private static InProcessCluster cluster;

    @BeforeAll
    static void start() throws Exception {
        authority = TestCertificates.newAuthority(dir, "catena");
        rogue = TestCertificates.newAuthority(dir, "rogue");
        ClusterConfig protocol = ClusterConfig.builder().regions(List.of("region0", "region1", "region2")).build();
        workload = WorkloadSpec.parse(WORKLOAD).create(11);
        InProcessCluster.Spec spec = new InProcessCluster.Spec("tls-test", protocol, ProcedureRegistry.empty(),
                tlsSetup(authority.issue("node")), null);
        cluster = InProcessCluster.start(spec, workload.initialData());
        assertThat(cluster.awaitConnected(WAIT)).as("regions connected over TLS").isTrue();
    }

    @AfterAll
    static void stop() {
        if (cluster != null) {
            cluster.close();
        }
    }

    private static ChannelSetup tlsSetup(TlsSettings tls) throws Exception {
        return ChannelSetup.tls(WireCodecs.byName(WireCodecs.DEFAULT), WireProtocol.DEFAULT_MAX_FRAME_BYTES, tls);
    }

    /** The region's URL with TLS parameters: trusted CA, and a client certificate if {@code client} is not null. */
    private static String tlsUrl(RegionId region, Path ca, TlsSettings client) {
        String url = cluster.url(region) + CONNECT_TIMEOUT + "&tls=true&tlsCa=" + ca;
        return client == null ? url : url + "&tlsCert=" + client.certificateChain() + "&tlsKey=" + client.privateKey();
    }

    private static long tlsRefusals() {
        return cluster.regions().stream().mapToLong(r -> r.refusals().count(ConnectionRefusals.Reason.TLS)).sum();
    }

    @Test
    void aWorkloadOverMutualTlsChecksOut() throws Exception {
        ClusterConfig protocol = cluster.spec().protocol();
        TlsSettings client = authority.issue("client");
        List<Connection> connections = new ArrayList<>();
        List<TxnGateway> gateways = new ArrayList<>();
        for (RegionId r : protocol.regionIds()) {
            Connection c = Catena.connect(tlsUrl(r, authority.caCertificate(), client));
            connections.add(c);
            gateways.add(new ConnectionGateway(c));
        }
        RunRecorder recorder = new RunRecorder(protocol.regions(), MicrosClock.system().nowMicros(), 1_000_000);
        try (LoadDriver driver = new LoadDriver(workload, protocol.regions(), gateways, recorder, true)) {
            driver.start(4, 11);
            Thread.sleep(2_000);
            driver.stopIssuing();
            assertThat(driver.awaitDrained(20, TimeUnit.SECONDS)).as("every transaction answered").isTrue();

            DemoAudit audit = DemoAudit.of(Optional.of(cluster), RunHeader.of(WORKLOAD, workload, protocol.regions()), workload,
                    driver, WAIT);

            assertThat(audit.checks()).allSatisfy(c -> assertThat(c.passed()).as(c.description()).isTrue());
            assertThat(audit.checks().stream().map(Check::description))
                    .anyMatch(d -> d.startsWith("serializable"))
                    .anyMatch(d -> d.startsWith("all 3 regions hold identical state"))
                    .anyMatch(d -> d.startsWith("bank total conserved"));
            long committed = driver.history().stream().filter(e -> e.outcome() == TxnOutcome.COMMITTED).count();
            assertThat(committed).as("committed transactions").isGreaterThan(50);
        } finally {
            connections.forEach(Connection::close);
        }
    }

    @Test
    void aClientWithACertificateFromAnotherAuthorityIsRefused() {
        TlsSettings impostor = rogue.issue("impostor");
        long before = tlsRefusals();

        assertThatThrownBy(() -> Catena.connect(tlsUrl(R1, authority.caCertificate(), impostor)))
                .isInstanceOf(UnavailableException.class)
                .hasMessageContaining("No coordinator of region region1 accepted a connection")
                .hasMessageContaining("certificate");
        assertThat(await(() -> tlsRefusals() > before)).as("the region counted a TLS refusal").isTrue();
    }

    @Test
    void aClientWithoutACertificateIsRefused() {
        assertThatThrownBy(() -> Catena.connect(tlsUrl(R1, authority.caCertificate(), null)))
                .isInstanceOf(UnavailableException.class)
                .hasMessageContaining("certificate");
    }

    @Test
    void aClientThatDoesNotTrustTheClusterAuthorityRefusesTheRegion() {
        TlsSettings client = authority.issue("client");
        assertThatThrownBy(() -> Catena.connect(tlsUrl(R1, rogue.caCertificate(), client)))
                .isInstanceOf(UnavailableException.class)
                .hasMessageContaining("could not be reached");
    }

    @Test
    void aPlainTextClientFailsFastOnTheTlsPort() {
        long before = tlsRefusals();
        UnavailableException e = assertTimeoutPreemptively(Duration.ofSeconds(15), () -> {
            try {
                Catena.connect(cluster.url(R1) + CONNECT_TIMEOUT).close();
                throw new AssertionError("a plain-text client connected to a TLS port");
            } catch (UnavailableException expected) {
                return expected;
            }
        });
        assertThat(e).hasMessageContaining("refused the connection: this region accepts only TLS connections");
        assertThat(await(() -> tlsRefusals() > before)).as("the region counted a TLS refusal").isTrue();
    }

    @Test
    void aNodeWithACertificateFromAnotherAuthorityCannotLinkToARegion() throws Exception {
        RegionRuntime target = cluster.region(R1);
        EventLoopGroup group = new NioEventLoopGroup(1);
        long before = target.refusals().count(ConnectionRefusals.Reason.TLS);
        TlsSettings impostor = rogue.issue("impostor-node");
        TlsSettings trustingCluster = new TlsSettings(impostor.certificateChain(), impostor.privateKey(),
                authority.caCertificate());
        try (PeerLink legitimate = link(target, group, tlsSetup(authority.issue("spare-node")));
             PeerLink impostorLink = link(target, group, tlsSetup(trustingCluster))) {
            assertThat(await(legitimate::connected)).as("the same link with a cluster certificate connects").isTrue();
            assertThat(await(() -> target.refusals().count(ConnectionRefusals.Reason.TLS) > before))
                    .as("the region refused the impostor's TLS handshake").isTrue();
            assertThat(impostorLink.connected()).isFalse();
        } finally {
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
        }
    }

    /** A link to {@code target} as region0 would make it, with its own channel setup. */
    private static PeerLink link(RegionRuntime target, EventLoopGroup group, ChannelSetup setup) {
        Supplier<Hello> hello = () -> Hello.node("tls-test", "region0", ProcedureRegistry.empty().digest(),
                target.settings().cluster().fingerprint().hex(),
                target.settings().cluster().clusterClock().signedNowMicros(),
                "region0@test");
        PeerLink link = new PeerLink(RegionId.of(0), new PeerLink.Target(R1, "region1", target.address()), hello, null,
                group.next(), setup, NetworkSettings.defaults().sendQueueFrames());
        link.start();
        return link;
    }

    private static boolean await(BooleanSupplier condition) {
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                return false;
            }
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
        return true;
    }
}
