package io.catena.client;

import static io.catena.client.FakeRegion.H1;
import static io.catena.client.FakeRegion.H2;
import static io.catena.client.FakeRegion.H3;
import static org.assertj.core.api.Assertions.assertThat;

import io.catena.client.fake.Answers;
import io.catena.client.fake.FakeCoordinator;
import io.catena.core.data.RowKey;
import io.catena.core.data.Version;
import io.catena.core.id.RequestId;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/** Losing the coordinator: moving to the next host and resending what is unanswered, under the same ids. */
class FailoverTest {

    private static final RowKey KEY = RowKey.of("t", "k");

    private final FakeRegion region = new FakeRegion();

    private static CompletableFuture<TxnOutcome> commitAsync(Connection c) {
        return c.transaction().add(KEY, "n", 1).commitAsync();
    }

    @Test
    void whenTheCoordinatorFailsTheNextHostGetsEveryUnansweredRequestUnderItsOwnId() {
        FakeCoordinator first = region.up(H1);
        FakeCoordinator second = region.up(H2).respondWith(m -> Answers.committed(m, Version.of(5, 0)));
        Connection c = region.connect("");
        CompletableFuture<TxnOutcome> a = commitAsync(c);
        CompletableFuture<SnapshotResult> b = c.snapshot().read(KEY).executeAsync();
        List<RequestId> sentFirst = first.receivedIds();

        first.crash();

        assertThat(region.transport.openAttempts()).containsExactly(H1, H2);
        assertThat(second.receivedIds()).containsExactlyElementsOf(sentFirst);
        assertThat(a.join().requestId()).isEqualTo(sentFirst.get(0));
        assertThat(b.join().version()).isEqualTo(Version.of(5, 0));
    }

    @Test
    void aCoordinatorSilentWhileRequestsWaitIsLeftForTheNextHost() {
        FakeCoordinator frozen = region.up(H1);
        FakeCoordinator standby = region.up(H2).respondWith(m -> Answers.committed(m, Version.of(7, 0)));
        Connection c = region.connect("&timeout=20s&resendAfter=1s");
        CompletableFuture<TxnOutcome> a = commitAsync(c);
        RequestId id = frozen.receivedIds().get(0);

        region.clock.advance(Duration.ofSeconds(2));
        assertThat(region.transport.openAttempts()).as("two resends unanswered: still waiting").containsExactly(H1);
        region.clock.advance(Duration.ofSeconds(1));

        assertThat(region.transport.openAttempts()).as("three resends unanswered: the next host")
                .containsExactly(H1, H2);
        assertThat(standby.receivedIds()).containsExactly(id);
        assertThat(a.join().version()).isEqualTo(Version.of(7, 0));
    }

    @Test
    void aHostLeftForSilenceGetsOneSecondToAnswerTheNextHandshakeNotTheWholeConnectTimeout() {
        FakeCoordinator frozen = region.up(H1);
        FakeCoordinator standby = region.up(H2).greeting(FakeCoordinator.Greeting.REFUSE);
        Connection c = region.connect("&timeout=20s&resendAfter=1s&connectTimeout=10s");
        CompletableFuture<TxnOutcome> a = commitAsync(c);
        RequestId id = frozen.receivedIds().get(0);
        frozen.greeting(FakeCoordinator.Greeting.SILENT);

        region.clock.advance(Duration.ofMillis(3_200));
        assertThat(region.transport.openAttempts())
                .as("left for silence; the standby refuses, H3 is down; after a pause the paused host again")
                .containsExactly(H1, H2, H3, H1);
        standby.greeting(FakeCoordinator.Greeting.WELCOME).respondWith(m -> Answers.committed(m, Version.of(9, 0)));
        region.clock.advance(Duration.ofSeconds(1));

        assertThat(region.transport.openAttempts()).as("its handshake given up after 1 s, not 10")
                .containsExactly(H1, H2, H3, H1, H2);
        assertThat(a.join().version()).isEqualTo(Version.of(9, 0));
        assertThat(standby.receivedIds()).contains(id);
    }

    @Test
    void aQuietLinkWithNothingWaitingIsKept() {
        FakeCoordinator first = region.up(H1).respondWith(m -> Answers.committed(m, Version.of(8, 0)));
        Connection c = region.connect("&resendAfter=1s");
        region.clock.advance(Duration.ofMinutes(1));
        assertThat(commitAsync(c).join().version()).isEqualTo(Version.of(8, 0));
        assertThat(region.transport.openAttempts()).containsExactly(H1);
        assertThat(first.receivedIds()).hasSize(1);
    }

    @Test
    void aFailedRoundPausesWithBackoffThenTheHostsAreTriedAgain() {
        FakeCoordinator first = region.up(H1);
        Connection c = region.connect("&timeout=10s");
        CompletableFuture<TxnOutcome> a = commitAsync(c);
        RequestId id = first.receivedIds().get(0);

        first.crash();
        assertThat(region.transport.openAttempts()).as("one round: H2, H3, H1 all refuse")
                .containsExactly(H1, H2, H3, H1);
        List<Duration> pause = region.clock.pendingDelays();
        assertThat(pause.get(0)).isBetween(Duration.ofMillis(50), Duration.ofMillis(100));

        FakeCoordinator back = region.up(H2).respondWith(m -> Answers.committed(m, Version.of(6, 0)));
        region.clock.advance(pause.get(0));

        assertThat(region.transport.openAttempts()).containsExactly(H1, H2, H3, H1, H2);
        assertThat(back.receivedIds()).containsExactly(id);
        assertThat(a.join().version()).isEqualTo(Version.of(6, 0));
    }

    @Test
    void pausesGrowWhileEveryHostStaysDown() {
        FakeCoordinator first = region.up(H1);
        region.connect("");
        first.crash();
        Duration previousCeiling = Duration.ofMillis(100);
        for (int round = 2; round <= 4; round++) {
            Duration pause = region.clock.pendingDelays().get(0);
            region.clock.advance(pause);
            Duration next = region.clock.pendingDelays().get(0);
            Duration ceiling = previousCeiling.multipliedBy(2);
            assertThat(next).as("pause after round " + round).isBetween(ceiling.dividedBy(2), ceiling);
            previousCeiling = ceiling;
        }
    }

    @Test
    void aRequestMadeWhileNoHostIsReachableWaitsForTheNextLink() {
        FakeCoordinator first = region.up(H1);
        Connection c = region.connect("");
        first.crash();
        CompletableFuture<TxnOutcome> a = commitAsync(c);

        FakeCoordinator back = region.up(H3).respondWith(m -> Answers.committed(m, Version.of(7, 0)));
        region.clock.advance(Duration.ofMillis(100));

        assertThat(back.receivedIds()).hasSize(1);
        assertThat(a.join().version()).isEqualTo(Version.of(7, 0));
    }

    @Test
    void aRequestThatCouldNeverBeSentDidNotRunAndSaysWhy() {
        FakeCoordinator first = region.up(H1);
        Connection c = region.connect("&timeout=3s");
        first.crash();
        CompletableFuture<TxnOutcome> a = commitAsync(c);
        region.clock.advance(Duration.ofSeconds(3));

        Throwable failure = a.handle((v, t) -> t).join();
        assertThat(failure).isInstanceOfSatisfying(UnavailableException.class, e -> {
            assertThat(e.isRetryable()).isTrue();
            assertThat(e.getMessage()).startsWith("Request ").contains("could not be sent within 3s because no "
                    + "coordinator of region eu could be used (db1:7450 could not be reached: Connection refused");
        });
    }

    @Test
    void aRequestSentBeforeTheLinkFellHasAnUnknownOutcomeIfNoHostComesBack() {
        FakeCoordinator first = region.up(H1);
        Connection c = region.connect("&timeout=3s");
        CompletableFuture<TxnOutcome> a = commitAsync(c);
        first.crash();
        region.clock.advance(Duration.ofSeconds(3));

        assertThat(a.handle((v, t) -> t).join()).isInstanceOf(OutcomeUnknownException.class);
    }

    @Test
    void aWelcomeFromTheWrongRegionIsNeverUsedEvenAfterAFailover() {
        FakeCoordinator first = region.up(H1);
        FakeCoordinator wrong = region.up(H2).greeting(FakeCoordinator.Greeting.WRONG_REGION);
        FakeCoordinator right = region.up(H3);
        Connection c = region.connect("");
        CompletableFuture<TxnOutcome> a = commitAsync(c);
        first.crash();

        assertThat(wrong.received()).isEmpty();
        assertThat(wrong.openLinks()).isZero();
        assertThat(right.received()).hasSize(1);
        assertThat(a).isNotDone();
    }
}
