package io.catena.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

class BackoffTest {

    /** Model: the ceiling doubles from {@code initial} per failure, capped at {@code max}; the wait lies in its upper half. */
    @Property
    void everyWaitLiesInTheUpperHalfOfTheCappedDoubling(@ForAll @LongRange(min = 1, max = 10_000) long initialMs,
                                                        @ForAll @IntRange(min = 1, max = 64) int factor,
                                                        @ForAll @IntRange(min = 1, max = 200) int failures,
                                                        @ForAll long seed) {
        Backoff b = new Backoff(Duration.ofMillis(initialMs), Duration.ofMillis(initialMs * factor));
        long ceiling = initialMs * 1_000_000;
        for (int i = 1; i < failures; i++) {
            ceiling = Math.min(ceiling * 2, initialMs * factor * 1_000_000);
        }
        long wait = b.delayNanos(failures, new SplittableRandom(seed));
        assertThat(wait).isBetween(ceiling / 2, ceiling);
    }

    @Test
    void invalidBackoffsAreRefused() {
        assertThatThrownBy(() -> new Backoff(Duration.ZERO, Duration.ofSeconds(1))).hasMessageContaining("longer than zero");
        assertThatThrownBy(() -> new Backoff(Duration.ofSeconds(2), Duration.ofSeconds(1))).hasMessageContaining("shorter");
        Backoff b = new Backoff(Duration.ofMillis(1), Duration.ofMillis(2));
        assertThatThrownBy(() -> b.delayNanos(0, new SplittableRandom(1))).hasMessageContaining("at least one failure");
    }
}
