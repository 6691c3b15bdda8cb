package io.catena.server.storage;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class StoreHealthTest {

    private final AtomicLong clock = new AtomicLong(1_000);
    private final StoreHealth health = new StoreHealth(clock::get);

    private void advanceSeconds(long seconds) {
        clock.addAndGet(TimeUnit.SECONDS.toNanos(seconds));
    }

    @Test
    void aStoreThatAnswersHasNoOutage() {
        health.completed(StorageOp.APPLY, 1_000, null);
        advanceSeconds(60);
        assertThat(health.outage()).isEmpty();
    }

    @Test
    void failuresShorterThanTheGraceAreNoOutageAndLongerOnesAreWithTheLastError() {
        health.completed(StorageOp.LOG_APPEND, 1_000, new IllegalStateException("connection refused"));
        advanceSeconds(1);
        health.completed(StorageOp.APPLY, 1_000, new IllegalStateException("no node was available"));
        assertThat(health.outage()).as("within the grace period").isEmpty();

        advanceSeconds(2);
        assertThat(health.outage()).hasValueSatisfying(why -> assertThat(why)
                .contains("has been failing for 3 s").contains("no node was available"));
    }

    @Test
    void oneSuccessEndsTheOutageAndTheNextFailureStartsTheGraceAgain() {
        health.completed(StorageOp.APPLY, 1_000, new IllegalStateException("down"));
        advanceSeconds(5);
        assertThat(health.outage()).isPresent();

        health.completed(StorageOp.LOG_APPEND, 1_000, null);
        assertThat(health.outage()).isEmpty();

        health.completed(StorageOp.APPLY, 1_000, new IllegalStateException("down again"));
        advanceSeconds(1);
        assertThat(health.outage()).isEmpty();
        advanceSeconds(2);
        assertThat(health.outage()).isPresent();
    }
}
