package io.catena.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.catena.core.data.Row;
import io.catena.core.data.Version;
import io.catena.core.id.RequestId;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class RetryTest {

    private static final RequestId ID = new RequestId(7, 1);

    /** A clock that moves only when the retry waits. */
    private final List<Long> waits = new ArrayList<>();

    private Retry.Builder retry() {
        return Retry.builder().random(new SplittableRandom(42)).sleeper(waits::add)
                .backoff(new Backoff(Duration.ofMillis(100), Duration.ofMillis(400)));
    }

    private static UnavailableException unavailable() {
        return new UnavailableException("no coordinator", null);
    }

    @Test
    void retriesRetryableFailuresWithGrowingJitteredWaits() {
        AtomicInteger calls = new AtomicInteger();
        String result = retry().maxAttempts(5).build().call(() -> {
            if (calls.incrementAndGet() < 5) {
                throw unavailable();
            }
            return "done";
        });
        assertThat(result).isEqualTo("done");
        assertThat(calls).hasValue(5);
        assertThat(waits).hasSize(4);
        long ms = 1_000_000;
        assertThat(waits.get(0)).isBetween(50 * ms, 100 * ms);
        assertThat(waits.get(1)).isBetween(100 * ms, 200 * ms);
        assertThat(waits.get(2)).isBetween(200 * ms, 400 * ms);
        assertThat(waits.get(3)).isBetween(200 * ms, 400 * ms);
    }

    @Test
    void givesUpAfterTheLastAttemptWithTheEarlierFailuresAttached() {
        AtomicInteger calls = new AtomicInteger();
        UnavailableException last = unavailable();
        assertThatThrownBy(() -> retry().maxAttempts(3).build().call(() -> {
            throw calls.incrementAndGet() == 3 ? last : unavailable();
        })).isSameAs(last);
        assertThat(calls).hasValue(3);
        assertThat(waits).hasSize(2);
        assertThat(last.getSuppressed()).hasSize(2).allMatch(t -> t instanceof UnavailableException);
    }

    @Test
    void doesNotRetryDefiniteAnswers() {
        for (RuntimeException definite : List.of(new TransactionAbortedException(ID, "check failed"),
                InvalidTransactionException.rejected(ID, "unknown procedure"), new ConnectionClosedException("eu"),
                new IllegalStateException("a bug"))) {
            AtomicInteger calls = new AtomicInteger();
            assertThatThrownBy(() -> retry().build().run(() -> {
                calls.incrementAndGet();
                throw definite;
            })).isSameAs(definite);
            assertThat(calls).as(definite.getClass().getSimpleName()).hasValue(1);
        }
        assertThat(waits).isEmpty();
    }

    @Test
    void outcomeUnknownIsRetriedOnlyForIdempotentWork() {
        AtomicInteger calls = new AtomicInteger();
        OutcomeUnknownException unknown = OutcomeUnknownException.timedOut(ID, Duration.ofSeconds(5));
        assertThatThrownBy(() -> retry().build().run(() -> {
            calls.incrementAndGet();
            throw unknown;
        })).isSameAs(unknown);
        assertThat(calls).hasValue(1);

        calls.set(0);
        String result = retry().retryOutcomeUnknown(true).build().call(() -> {
            if (calls.incrementAndGet() == 1) {
                throw unknown;
            }
            return "idempotent";
        });
        assertThat(result).isEqualTo("idempotent");
        assertThat(calls).hasValue(2);
    }

    @Test
    void looksThroughTheWrapperOfJoin() {
        AtomicInteger calls = new AtomicInteger();
        int result = retry().build().call(() -> {
            if (calls.incrementAndGet() == 1) {
                throw new CompletionException(unavailable());
            }
            return 1;
        });
        assertThat(result).isEqualTo(1);
        assertThat(calls).hasValue(2);
    }

    @Test
    void anInterruptedWaitGivesUpAndKeepsTheInterrupt() {
        UnavailableException failure = unavailable();
        Retry interrupted = Retry.builder().sleeper(n -> {
            throw new InterruptedException();
        }).build();
        try {
            assertThatThrownBy(() -> interrupted.run(() -> {
                throw failure;
            })).isSameAs(failure);
            assertThat(Thread.currentThread().isInterrupted()).isTrue();
            assertThat(failure.getSuppressed()).hasAtLeastOneElementOfType(InterruptedException.class);
        } finally {
            Thread.interrupted();
        }
    }

    @Test
    void aCommitWhoseAnswerWasLostIsLookedUpAndReturnedWithoutRunningAgain() {
        TxnOutcome committed = commit(ID);
        List<RequestId> asked = new ArrayList<>();
        AtomicInteger calls = new AtomicInteger();
        TxnOutcome result = retry().build().commit(id -> {
            asked.add(id);
            return new RequestOutcome.Committed(committed);
        }, () -> {
            calls.incrementAndGet();
            throw OutcomeUnknownException.timedOut(ID, Duration.ofSeconds(20));
        });
        assertThat(result).isSameAs(committed);
        assertThat(asked).containsExactly(ID);
        assertThat(calls).as("run once: it committed").hasValue(1);
        assertThat(waits).isEmpty();
    }

    @Test
    void aRequestTheRegionCancelledRunsAgainAsANewOne() {
        RequestId second = new RequestId(7, 2);
        AtomicInteger calls = new AtomicInteger();
        TxnOutcome result = retry().build().commit(id -> new RequestOutcome.NotCommitted(id, "cancelled by a lookup"),
                () -> {
                    if (calls.incrementAndGet() == 1) {
                        throw new CompletionException(OutcomeUnknownException.closed(ID));
                    }
                    return commit(second);
                });
        assertThat(result.requestId()).isEqualTo(second);
        assertThat(calls).hasValue(2);
        assertThat(waits).hasSize(1);
    }

    @Test
    void anAbortLearntByTheLookupIsThrownAsTheAnswerWouldHaveBeen() {
        AtomicInteger calls = new AtomicInteger();
        assertThatThrownBy(() -> retry().build().commit(id -> new RequestOutcome.Aborted(id, "insufficient funds"),
                () -> {
                    calls.incrementAndGet();
                    throw OutcomeUnknownException.closed(ID);
                }))
                .isInstanceOfSatisfying(TransactionAbortedException.class, e -> {
                    assertThat(e.requestId()).isEqualTo(ID);
                    assertThat(e.reason()).isEqualTo("insufficient funds");
                });
        assertThat(calls).as("an abort is definite: not run again").hasValue(1);
    }

    @Test
    void aFailedLookupLeavesTheOutcomeUnknownWithTheLookupsFailureAttached() {
        UnavailableException down = unavailable();
        assertThatThrownBy(() -> retry().build().commit(id -> {
            throw down;
        }, () -> {
            throw OutcomeUnknownException.closed(ID);
        })).isInstanceOf(OutcomeUnknownException.class).hasSuppressedException(down);
    }

    private static TxnOutcome commit(RequestId id) {
        return new TxnOutcome(id, Version.of(3, 1), false, new ReadRows(List.of()), new ResultRow("outputs", Row.EMPTY));
    }

    @Test
    void builderRejectsNonsense() {
        assertThatThrownBy(() -> Retry.builder().maxAttempts(0)).hasMessageContaining("at least one attempt");
        assertThatThrownBy(() -> Retry.builder().backoff(null)).hasMessageContaining("needs a backoff");
        assertThat(Retry.defaults().maxAttempts()).isEqualTo(5);
    }
}
