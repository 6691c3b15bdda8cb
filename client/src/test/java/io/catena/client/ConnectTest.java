package io.catena.client;

import static io.catena.client.FakeRegion.H1;
import static io.catena.client.FakeRegion.H2;
import static io.catena.client.FakeRegion.H3;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.catena.client.fake.FakeCoordinator;
import io.catena.wire.Hello;
import io.catena.wire.Refusal;
import io.catena.wire.WireProtocol;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/** Opening a connection: the handshake, and moving along the host list when a host will not do. */
class ConnectTest {

    private final FakeRegion region = new FakeRegion();

    @Test
    void theFirstWelcomingHostIsUsedAndGreetedAsAClientOfTheUrlsClusterAndRegion() {
        FakeCoordinator c1 = region.transport.coordinatorAt(H1, new FakeCoordinator("prod", "eu"));
        region.transport.coordinatorAt(H2, new FakeCoordinator("prod", "eu"));
        CompletableFuture<Connection> opened = Catena.connectAsync(
                ConnectionUrl.parse("catena://db1:7450,db2:7450/prod?region=eu"), region.transport);

        assertThat(opened).isCompleted();
        assertThat(region.transport.openAttempts()).containsExactly(H1);
        Hello hello = (Hello) c1.hellos().get(0);
        assertThat(hello.peer()).isEqualTo(Hello.PeerKind.CLIENT);
        assertThat(hello.cluster()).isEqualTo("prod");
        assertThat(hello.region()).isEqualTo("eu");
        assertThat(hello.protocolVersion()).isEqualTo(WireProtocol.VERSION);
        Connection connection = opened.join();
        assertThat(hello.sender()).isEqualTo("client-" + Long.toHexString(connection.clientId()));
        assertThat(connection.clientId()).isPositive();
        assertThat(connection.isOpen()).isTrue();
        assertThat(region.clock.pendingDelays()).as("no timer outlives the handshake").isEmpty();
    }

    @Test
    void unreachableRefusingAndWrongRegionHostsArePassedOver() {
        region.up(H2).greeting(FakeCoordinator.Greeting.REFUSE);
        region.up(H3).greeting(FakeCoordinator.Greeting.WRONG_REGION);
        CompletableFuture<Connection> opened = region.connectAsync("");

        assertThat(region.transport.openAttempts()).containsExactly(H1, H2, H3);
        assertThatThrownBy(opened::join).hasCauseInstanceOf(UnavailableException.class);
        UnavailableException e = (UnavailableException) opened.handle((c, t) -> t).join();
        assertThat(e.isRetryable()).isTrue();
        assertThat(e.getMessage()).isEqualTo("No coordinator of region eu accepted a connection ("
                + "db1:7450 could not be reached: Connection refused: db1:7450; "
                + "db2:7450 refused the connection: cluster name does not match; "
                + "db3:7450 is the wrong coordinator: it serves region eu-other, not eu"
                + "); check the URL's hosts, cluster and region, or retry later.");
        assertThat(region.transport.isClosed()).as("the caller owns the transport").isFalse();
    }

    @Test
    void aHostThatHangsOrNeverAnswersTheHandshakeGetsConnectTimeoutThenTheNextOneIsTried() {
        region.transport.hangOn(H1);
        region.up(H2).greeting(FakeCoordinator.Greeting.SILENT);
        FakeCoordinator c3 = region.up(H3);
        CompletableFuture<Connection> opened = region.connectAsync("&connectTimeout=500ms");

        assertThat(opened).isNotDone();
        region.clock.advance(Duration.ofMillis(499));
        assertThat(region.transport.openAttempts()).containsExactly(H1);
        region.clock.advance(Duration.ofMillis(1));
        assertThat(region.transport.openAttempts()).containsExactly(H1, H2);
        assertThat(opened).isNotDone();
        region.clock.advance(Duration.ofMillis(500));
        assertThat(opened).isCompleted();
        assertThat(c3.hellos()).hasSize(1);
    }

    @Test
    void framesArrivingLateOnALinkGivenUpAreIgnored() {
        FakeCoordinator slow = region.up(H1).greeting(FakeCoordinator.Greeting.SILENT);
        FakeCoordinator next = region.up(H2).greeting(FakeCoordinator.Greeting.SILENT);
        CompletableFuture<Connection> opened = region.connectAsync("");
        region.clock.advance(Duration.ofSeconds(2));
        assertThat(region.transport.openAttempts()).containsExactly(H1, H2);

        slow.pushLate(new Refusal("shutting down"));
        slow.pushLate(FakeCoordinator.welcome("catena", "eu", 1_000_000));
        assertThat(region.transport.openAttempts()).as("the handshake with db2 goes on").containsExactly(H1, H2);
        assertThat(opened).isNotDone();

        next.push(FakeCoordinator.welcome("catena", "eu", 1_000_000));
        assertThat(opened).isCompleted();
    }

    @Test
    void everyHostTimingOutFailsTheConnectWithEachReason() {
        region.up(H1).greeting(FakeCoordinator.Greeting.SILENT);
        region.transport.hangOn(H2);
        region.transport.hangOn(H3);
        CompletableFuture<Connection> opened = region.connectAsync("");
        region.clock.advance(Duration.ofSeconds(6));

        Throwable failure = opened.handle((c, t) -> t).join();
        assertThat(failure).isInstanceOf(UnavailableException.class)
                .hasMessageContaining("db1:7450 did not answer the handshake within 2s")
                .hasMessageContaining("db2:7450 did not accept a connection within 2s")
                .hasMessageContaining("db3:7450 did not accept a connection within 2s");
    }

    @Test
    void connectValidatesItsArguments() {
        assertThatThrownBy(() -> Catena.connectAsync(null, region.transport))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Catena.connect("catena://db1/?region=eu"))
                .isInstanceOf(InvalidConnectionUrlException.class).hasMessageContaining("has no port");
    }
}
