package site.ycsb.db.catena;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.client.InvalidTransactionException;
import io.catena.client.OutcomeUnknownException;
import io.catena.client.TransactionAbortedException;
import io.catena.client.UnavailableException;
import io.catena.core.id.RequestId;
import io.catena.core.txn.TxnResult;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import site.ycsb.Status;

class CatenaStatusTest {

    private static final RequestId REQUEST = new RequestId(7, 1);

    @Test
    void nothingThatMayNotHaveTakenEffectIsOk() {
        assertThat(CatenaStatus.of(new TransactionAbortedException(REQUEST, TxnResult.CONFLICT_PREFIX + "accounts/a1")))
                .isEqualTo(CatenaStatus.CONFLICT);
        assertThat(CatenaStatus.of(new TransactionAbortedException(REQUEST, "insert found row accounts/a1")))
                .isEqualTo(Status.UNEXPECTED_STATE);
        assertThat(CatenaStatus.of(OutcomeUnknownException.timedOut(REQUEST, Duration.ofSeconds(5))))
                .isEqualTo(CatenaStatus.OUTCOME_UNKNOWN);
        assertThat(CatenaStatus.of(new UnavailableException("down", null))).isEqualTo(Status.SERVICE_UNAVAILABLE);
        assertThat(CatenaStatus.of(InvalidTransactionException.invalid("no operation"))).isEqualTo(Status.BAD_REQUEST);
        assertThat(CatenaStatus.CONFLICT.isOk()).isFalse();
        assertThat(CatenaStatus.OUTCOME_UNKNOWN.isOk()).isFalse();
    }
}
