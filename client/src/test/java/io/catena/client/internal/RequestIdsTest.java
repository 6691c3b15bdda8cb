package io.catena.client.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.catena.core.id.RequestId;
import java.security.SecureRandom;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import org.junit.jupiter.api.Test;

class RequestIdsTest {

    /** A "secure" random that returns what the test says, to reach the edges of the id draw. */
    private static SecureRandom returning(Long... values) {
        Deque<Long> queue = new ArrayDeque<>(List.of(values));
        return new SecureRandom() {
            @Override
            public long nextLong() {
                return queue.removeFirst();
            }
        };
    }

    @Test
    void clientIdsArePositive63BitNumbersAndNeverZero() {
        assertThat(RequestIds.randomClientId(returning(-1L))).isEqualTo(Long.MAX_VALUE);
        assertThat(RequestIds.randomClientId(returning(0L, 1L, 6L))).isEqualTo(3L);
        assertThat(RequestIds.randomClientId(new SecureRandom())).isPositive();
    }

    @Test
    void sequencesCountUpFromOneUnderTheSameClient() {
        RequestIds ids = new RequestIds(42);
        assertThat(List.of(ids.next(), ids.next(), ids.next()))
                .containsExactly(new RequestId(42, 1), new RequestId(42, 2), new RequestId(42, 3));
        assertThatThrownBy(() -> new RequestIds(0)).hasMessageContaining("positive");
    }
}
