package io.catena.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.catena.core.data.Row;
import io.catena.core.data.Version;
import io.catena.core.id.RequestId;
import io.catena.core.message.QueryOutcome;
import io.catena.core.message.TxnReply;
import io.catena.core.txn.TxnResult;
import java.util.List;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;

/** What a region's answer to an outcome query means to the caller of {@code Connection.outcome}. */
class OutcomeLookupTest {

    private static final RequestId LOST = new RequestId(99, 4);
    private static final RequestId QUERY = new RequestId(99, 5);

    @Test
    void theQueryHasANameOfItsOwnAndAsksAboutTheLostRequest() {
        assertThat(OutcomeLookup.query(LOST).apply(QUERY)).isEqualTo(new QueryOutcome(QUERY, LOST));
        assertThatThrownBy(() -> OutcomeLookup.query(null)).isInstanceOf(InvalidTransactionException.class);
    }

    @Test
    void aCommitIsReportedAsTheLostRequestsOwnCommit() {
        TxnReply reply = new TxnReply(QUERY, TxnResult.committed(List.of(), Row.of("n", 3)), Version.of(17, 2), true);

        RequestOutcome outcome = OutcomeLookup.toOutcome(LOST, reply);

        assertThat(outcome).isInstanceOfSatisfying(RequestOutcome.Committed.class, c -> {
            assertThat(c.requestId()).isEqualTo(LOST);
            assertThat(c.outcome().version()).isEqualTo(Version.of(17, 2));
            assertThat(c.outcome().contended()).isTrue();
            assertThat(c.outcome().outputs().getLong("n")).isEqualTo(3);
        });
    }

    @Test
    void anAbortARejectionAndADropAreDefiniteFailures() {
        assertThat(OutcomeLookup.toOutcome(LOST, new TxnReply(QUERY, TxnResult.aborted("check failed"), null, false)))
                .isEqualTo(new RequestOutcome.Aborted(LOST, "check failed"));
        assertThat(OutcomeLookup.toOutcome(LOST, new TxnReply(QUERY, TxnResult.rejected("unknown procedure x"), null,
                false))).isEqualTo(new RequestOutcome.Aborted(LOST, "unknown procedure x"));
        assertThat(OutcomeLookup.toOutcome(LOST, new TxnReply(QUERY, TxnResult.dropped("cancelled"), null, false)))
                .isEqualTo(new RequestOutcome.NotCommitted(LOST, "cancelled"));
    }

    @Test
    void aLookupWithoutAnswerSaysSoAboutTheLookup() {
        UnavailableException timedOut = new UnavailableException("No snapshot of region eu could be read", null);

        Throwable failure = OutcomeLookup.unanswered(LOST, new CompletionException(timedOut));

        assertThat(failure).isInstanceOf(UnavailableException.class)
                .hasMessageStartingWith("The outcome of request c99-4 could not be learnt")
                .hasMessageEndingWith("asking again later is safe.");
        assertThat(((CatenaException) failure).isRetryable()).isTrue();
        ConnectionClosedException closed = new ConnectionClosedException("eu");
        assertThat(OutcomeLookup.unanswered(LOST, closed)).isSameAs(closed);
    }
}
