package io.catena.client;

import static io.catena.client.FakeRegion.H1;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.catena.client.fake.Answers;
import io.catena.client.fake.FakeCoordinator;
import io.catena.core.data.RowKey;
import io.catena.core.id.RequestId;
import io.catena.core.txn.TxnResult;
import java.io.IOException;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A blocking call's exception shows the caller's own frames: the failure, created on another
 * thread (the event loop in production), is its cause, and type, message and fields are kept.
 */
class CallerStackTest {

    private static final RowKey ALICE = RowKey.of("accounts", "alice");
    private static final RequestId ID = new RequestId(7, 3);

    private final FakeRegion region = new FakeRegion();
    private final FakeCoordinator coordinator = region.up(H1);
    private final ExecutorService eventLoop = Executors.newSingleThreadExecutor(r -> new Thread(r, "fake-event-loop"));

    @Test
    @Timeout(10)
    void anAbortAnsweredOnAnotherThreadIsThrownFromTheCommittingLine() {
        String reason = "accounts/alice: balance >= 1000 failed (balance is 90)";
        coordinator.replyOn(eventLoop).respondWith(m -> Answers.ended(m, TxnResult.aborted(reason)));
        try (Connection c = region.connect("")) {
            TransactionAbortedException e = catchThrowableOfType(
                    () -> c.transaction().add(ALICE, "balance", -10).commit(), TransactionAbortedException.class);

            assertThat(shows(e, "anAbortAnsweredOnAnotherThreadIsThrownFromTheCommittingLine")).isTrue();
            // Not asserted: that the cause lacks this method's frames. When the answer completes the
            // request before commit() chains its reply handler, the handler runs on this thread.
            assertThat(e.getCause()).isInstanceOfSatisfying(TransactionAbortedException.class, cause -> {
                assertThat(cause).as("the failure as it happened").isNotSameAs(e);
                assertThat(cause.getMessage()).isEqualTo(e.getMessage());
            });
            assertThat(e.reason()).isEqualTo(reason);
            assertThat(e.requestId()).isEqualTo(coordinator.receivedIds().get(0));
            assertThat(e.isRetryable()).isFalse();
        }
    }

    @Test
    @Timeout(10)
    void anUnknownOutcomeFoundOnAnotherThreadIsThrownFromTheCommittingLine() {
        try (Connection c = region.connect("&timeout=2s")) {
            eventLoop.execute(() -> {
                while (coordinator.receivedIds().isEmpty()) {
                    Thread.onSpinWait();
                }
                region.clock.advance(Duration.ofSeconds(2));
            });
            OutcomeUnknownException e = catchThrowableOfType(
                    () -> c.transaction().add(ALICE, "balance", -10).commit(), OutcomeUnknownException.class);

            assertThat(shows(e, "anUnknownOutcomeFoundOnAnotherThreadIsThrownFromTheCommittingLine")).isTrue();
            assertThat(e.getCause()).isInstanceOfSatisfying(OutcomeUnknownException.class, cause -> {
                assertThat(shows(cause, "anUnknownOutcomeFoundOnAnotherThreadIsThrownFromTheCommittingLine"))
                        .isFalse();
                assertThat(cause.requestId()).isEqualTo(e.requestId());
            });
            assertThat(e.requestId()).isEqualTo(coordinator.receivedIds().get(0));
            assertThat(e.getMessage()).startsWith("No answer to request " + e.requestId() + " came within 2s");
        }
    }

    @Test
    void everyKindIsCopiedWithItsTypeMessageFieldsAndVerdict() {
        IOException refused = new IOException("Connection refused");
        List<CatenaException> kinds = List.of(
                new TransactionAbortedException(ID, "insert of existing row accounts/alice"),
                new TransactionAbortedException(ID, TxnResult.CONFLICT_PREFIX + "accounts/alice changed"),
                InvalidTransactionException.rejected(ID, "unknown procedure nope version 1"),
                InvalidTransactionException.invalid("it has no operation"),
                OutcomeUnknownException.timedOut(ID, Duration.ofSeconds(3)),
                new UnavailableException("No coordinator of region eu accepted a connection.", refused),
                new ConnectionClosedException("eu"));
        for (CatenaException original : kinds) {
            CatenaException copy = original.onCallingThread();

            assertThat(copy).isNotSameAs(original).hasSameClassAs(original).hasMessage(original.getMessage())
                    .hasCause(original);
            assertThat(copy.isRetryable()).as(original.getMessage()).isEqualTo(original.isRetryable());
            assertThat(fieldsOf(copy)).isEqualTo(fieldsOf(original));
        }
        assertThat(kinds.get(5).onCallingThread().getCause().getCause()).as("the underlying failure stays in the chain")
                .isSameAs(refused);
    }

    /** What a caller can ask the exception, beyond its message. */
    private static List<Object> fieldsOf(CatenaException e) {
        if (e instanceof TransactionAbortedException a) {
            return Arrays.asList(a.requestId(), a.reason());
        }
        if (e instanceof InvalidTransactionException i) {
            return Arrays.asList(i.requestId());
        }
        if (e instanceof OutcomeUnknownException u) {
            return List.of(u.requestId());
        }
        return List.of();
    }

    /** Whether {@code t}'s stack has a frame of this test class's method {@code method}. */
    private static boolean shows(Throwable t, String method) {
        return Arrays.stream(t.getStackTrace()).anyMatch(f -> f.getClassName().equals(CallerStackTest.class.getName())
                && f.getMethodName().equals(method));
    }

    @AfterEach
    void stopEventLoop() throws InterruptedException {
        eventLoop.shutdown();
        assertThat(eventLoop.awaitTermination(5, TimeUnit.SECONDS)).isTrue();
    }
}
