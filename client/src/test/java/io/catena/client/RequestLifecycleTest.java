package io.catena.client;

import static io.catena.client.FakeRegion.H1;
import static org.assertj.core.api.Assertions.assertThat;

import io.catena.client.fake.Answers;
import io.catena.client.fake.FakeCoordinator;
import io.catena.core.data.Row;
import io.catena.core.data.RowKey;
import io.catena.core.data.Version;
import io.catena.core.id.RequestId;
import io.catena.core.message.SubmitTxn;
import io.catena.core.message.TxnReply;
import io.catena.core.txn.TxnResult;
import io.catena.wire.ClientMessage;
import io.catena.wire.ErrorNotice;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** One request from submission to its end: resends, deadline, drops, error notices, stray replies. */
class RequestLifecycleTest {

    private static final RowKey ALICE = RowKey.of("accounts", "alice");

    private final FakeRegion region = new FakeRegion();
    private final FakeCoordinator coordinator = region.up(H1);

    private CompletableFuture<TxnOutcome> commitAsync(Connection c) {
        return c.transaction().add(ALICE, "balance", 1).commitAsync();
    }

    private static Throwable failureOf(CompletableFuture<?> f) {
        assertThat(f).isCompletedExceptionally();
        return f.handle((v, t) -> t).join();
    }

    @Test
    void anUnansweredRequestIsResentUnderItsIdUntilTheDeadlineThenItsOutcomeIsUnknown() {
        Connection c = region.connect("&timeout=5s&resendAfter=1s");
        CompletableFuture<TxnOutcome> commit = commitAsync(c);
        RequestId id = coordinator.receivedIds().get(0);

        region.clock.advance(Duration.ofMillis(999));
        assertThat(coordinator.receivedIds()).containsExactly(id);
        region.clock.advance(Duration.ofMillis(1));
        assertThat(coordinator.receivedIds()).containsExactly(id, id);
        region.clock.advance(Duration.ofMillis(3_999));
        assertThat(commit).isNotDone();
        region.clock.advance(Duration.ofMillis(1));

        assertThat(coordinator.receivedIds()).hasSize(5).containsOnly(id);
        assertThat(failureOf(commit)).isInstanceOfSatisfying(OutcomeUnknownException.class, e -> {
            assertThat(e.requestId()).isEqualTo(id);
            assertThat(e.isRetryable()).isFalse();
            assertThat(e.getMessage()).startsWith("No answer to request " + id + " came within 5s");
        });
        region.clock.advance(Duration.ofSeconds(10));
        assertThat(coordinator.receivedIds()).as("nothing is sent after the deadline").hasSize(5);
        assertThat(region.clock.pendingDelays()).isEmpty();
    }

    @Test
    void anAnswerToAResendCompletesTheRequestAndStopsItsTimer() {
        AtomicInteger seen = new AtomicInteger();
        coordinator.respondWith(m -> seen.incrementAndGet() == 2 ? Answers.committed(m, Version.of(3, 0)) : null);
        Connection c = region.connect("");
        CompletableFuture<TxnOutcome> commit = commitAsync(c);
        region.clock.advance(Duration.ofSeconds(1));

        assertThat(commit.join().version()).isEqualTo(Version.of(3, 0));
        assertThat(commit.join().requestId()).isEqualTo(coordinator.receivedIds().get(0));
        assertThat(region.clock.pendingDelays()).isEmpty();
    }

    @Test
    void repliesToRequestsTheConnectionDoesNotWaitOnAreIgnored() {
        Connection c = region.connect("");
        CompletableFuture<TxnOutcome> commit = commitAsync(c);
        RequestId id = coordinator.receivedIds().get(0);
        SubmitTxn sent = (SubmitTxn) coordinator.received().get(0);

        coordinator.push(new ClientMessage(reply(new RequestId(id.client(), id.sequence() + 1), Version.of(1, 0))));
        coordinator.push(new ClientMessage(reply(new RequestId(id.client() + 1, id.sequence()), Version.of(1, 0))));
        assertThat(commit).isNotDone();

        coordinator.push(new ClientMessage(Answers.committed(sent, Version.of(2, 0))));
        assertThat(commit.join().version()).isEqualTo(Version.of(2, 0));
        coordinator.push(new ClientMessage(Answers.committed(sent, Version.of(9, 0))));
        assertThat(commit.join().version()).as("a late duplicate changes nothing").isEqualTo(Version.of(2, 0));
        assertThat(c.lastVersion()).isEqualTo(Version.of(2, 0));
    }

    @Test
    void aDroppedTransactionIsSentAgainUnderANewIdAndTheOldIdIsRetired() {
        coordinator.respondWith(m -> coordinator.received().size() == 1
                ? Answers.ended(m, TxnResult.dropped("its batch was abandoned"))
                : Answers.committed(m, Version.of(8, 1)));
        Connection c = region.connect("");
        CompletableFuture<TxnOutcome> commit = commitAsync(c);

        List<RequestId> ids = coordinator.receivedIds();
        assertThat(ids).hasSize(2);
        assertThat(ids.get(1)).isNotEqualTo(ids.get(0));
        assertThat(ids.get(1).client()).isEqualTo(ids.get(0).client());
        assertThat(ids.get(1).sequence()).isGreaterThan(ids.get(0).sequence());
        assertThat(((SubmitTxn) coordinator.received().get(1)).spec())
                .isEqualTo(((SubmitTxn) coordinator.received().get(0)).spec());
        assertThat(commit.join().requestId()).isEqualTo(ids.get(1));
    }

    @Test
    void aDropFollowedBySilenceEndsInOutcomeUnknownBecauseTheNewNameMayStillRun() {
        coordinator.respondWith(m -> coordinator.received().size() == 1
                ? Answers.ended(m, TxnResult.dropped("abandoned")) : null);
        Connection c = region.connect("&timeout=2s");
        CompletableFuture<TxnOutcome> commit = commitAsync(c);
        RequestId renamed = coordinator.receivedIds().get(1);
        region.clock.advance(Duration.ofSeconds(2));

        assertThat(failureOf(commit)).isInstanceOfSatisfying(OutcomeUnknownException.class,
                e -> assertThat(e.requestId()).isEqualTo(renamed));
    }

    @Test
    void workDroppedAgainAndAgainIsResentOnlyEveryResendAfterAndFinallyReportedAsNotRun() {
        coordinator.respondWith(m -> Answers.ended(m, TxnResult.dropped("its batch was abandoned")));
        Connection c = region.connect("&timeout=2s&resendAfter=1s");
        CompletableFuture<TxnOutcome> commit = commitAsync(c);
        assertThat(coordinator.receivedIds()).as("the first drop is resent at once, the second held").hasSize(2);

        region.clock.advance(Duration.ofSeconds(1));
        assertThat(coordinator.receivedIds()).hasSize(3).doesNotHaveDuplicates();
        region.clock.advance(Duration.ofSeconds(1));

        assertThat(failureOf(commit)).isInstanceOfSatisfying(UnavailableException.class, e -> assertThat(e.getMessage())
                .isEqualTo("The transaction was dropped without running 3 times within 2s (its batch was abandoned), "
                        + "as happens while region eu is cut off from the others; it did not run, so retry later."));
        assertThat(coordinator.receivedIds()).hasSize(3);
    }

    @Test
    void anInvalidNoticeAboutARequestFailsItForGood() {
        Connection c = region.connect("");
        CompletableFuture<TxnOutcome> commit = commitAsync(c);
        RequestId id = coordinator.receivedIds().get(0);
        coordinator.push(new ErrorNotice(ErrorNotice.Code.INVALID, id, "a client may not send that"));

        assertThat(failureOf(commit)).isInstanceOfSatisfying(InvalidTransactionException.class, e -> {
            assertThat(e.requestId()).isEqualTo(id);
            assertThat(e.getMessage()).contains("INVALID: a client may not send that", "retrying cannot help");
        });
        region.clock.advance(Duration.ofSeconds(5));
        assertThat(coordinator.receivedIds()).as("no resend of a failed request").hasSize(1);
    }

    @Test
    void anOverloadedCoordinatorIsAskedAgainAndARequestItNeverTookDidNotRun() {
        coordinator.respondWith(m -> {
            coordinator.push(new ErrorNotice(ErrorNotice.Code.OVERLOADED, Answers.idOf(m), "queue full"));
            return null;
        });
        Connection c = region.connect("&timeout=3s&resendAfter=1s");
        CompletableFuture<TxnOutcome> commit = commitAsync(c);
        region.clock.advance(Duration.ofSeconds(3));

        assertThat(coordinator.receivedIds()).hasSize(3).containsOnly(coordinator.receivedIds().get(0));
        assertThat(failureOf(commit)).isInstanceOfSatisfying(UnavailableException.class, e -> {
            assertThat(e.isRetryable()).isTrue();
            assertThat(e.getMessage()).contains("refused to take request", "refused it: queue full", "it did not run");
        });
    }

    @Test
    void aNoticeAboutNoRequestInParticularChangesNothing() {
        Connection c = region.connect("");
        CompletableFuture<TxnOutcome> commit = commitAsync(c);
        coordinator.push(new ErrorNotice(ErrorNotice.Code.MALFORMED, null, "could not decode a frame"));
        assertThat(commit).isNotDone();
        assertThat(c.isOpen()).isTrue();
    }

    @Test
    void aSnapshotReadThatFindsNoSnapshotInTimeIsSafeToRetry() {
        Connection c = region.connect("&timeout=2s");
        CompletableFuture<SnapshotResult> read = c.snapshot().read(ALICE).executeAsync();
        region.clock.advance(Duration.ofSeconds(2));

        assertThat(failureOf(read)).isInstanceOfSatisfying(UnavailableException.class, e -> {
            assertThat(e.isRetryable()).isTrue();
            assertThat(e.getMessage()).startsWith("No snapshot of region eu could be read within 2s");
        });
    }

    private static TxnReply reply(RequestId id, Version v) {
        return new TxnReply(id, TxnResult.committed(List.of(), Row.EMPTY), v, false);
    }
}
