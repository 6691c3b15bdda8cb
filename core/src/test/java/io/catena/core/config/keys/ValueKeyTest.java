package io.catena.core.config.keys;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** A value key reads its form, refuses by its rule, and writes and documents its default in its own form. */
class ValueKeyTest {

    private final ValueKey<Duration> timeout = new ValueKey<>("requestTimeout", "a duration such as 5s",
            ValueForms::duration, ValueForms::written, Optional.of(Duration.ofSeconds(5)), ValueForms::positive,
            "how long a request may take");

    private final ValueKey<Integer> replicas = new ValueKey<>("replicationFactor", "a whole number such as 3",
            ValueForms::wholeNumber, n -> n, Optional.empty(), ValueForms.atLeast(1), "replicas");

    @Test
    void readsItsFormAndWritesItBack() {
        assertThat(timeout.read("1.5s")).isEqualTo(Duration.ofMillis(1_500));
        assertThat(timeout.written(Duration.ofMillis(1_500))).isEqualTo("1500ms");
        assertThat(replicas.read("3")).isEqualTo(3);
        assertThat(replicas.written(3)).isEqualTo(3);
    }

    @Test
    void refusesByFormAndByRuleInOneSentence() {
        assertThatThrownBy(() -> timeout.read("5")).hasMessage("'5' has no unit; use e.g. 10ms, 1s");
        assertThatThrownBy(() -> timeout.read("0ms")).hasMessage("must be longer than 0, not 0ms");
        assertThatThrownBy(() -> replicas.read("three")).hasMessage("'three' is not a whole number");
        assertThat(replicas.check(0)).contains("must be at least 1, not 0");
    }

    @Test
    void theDefaultIsWrittenInTheKeysForm() {
        assertThat(timeout.defaultText()).isEqualTo("5s");
        assertThat(timeout.byDefault()).isEqualTo(Duration.ofSeconds(5));
        assertThat(replicas.defaultText()).isEqualTo("none");
        assertThatThrownBy(replicas::byDefault).isInstanceOf(IllegalStateException.class);
    }
}
