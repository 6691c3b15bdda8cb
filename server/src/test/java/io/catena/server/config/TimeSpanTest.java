package io.catena.server.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class TimeSpanTest {

    @ParameterizedTest
    @CsvSource({"500us, 500", "500µs, 500", "10ms, 10000", "1s, 1000000", "1.5s, 1500000", "2m, 120000000",
        "1h, 3600000000", "0ms, 0", "0.5ms, 500"})
    void parsesEachUnit(String text, long micros) {
        assertThat(TimeSpan.parse(text).micros()).isEqualTo(micros);
    }

    @ParameterizedTest
    @CsvSource({"0, 0ms", "300, 300us", "10000, 10ms", "1500, 1500us", "1500000, 1500ms", "2000000, 2s",
        "120000000, 2m", "7200000000, 2h"})
    void rendersTheLargestExactUnit(long micros, String text) {
        assertThat(TimeSpan.ofMicros(micros)).hasToString(text);
        assertThat(TimeSpan.parse(text).micros()).isEqualTo(micros);
    }

    @Test
    void refusesASpaceBeforeTheUnit() {
        assertThatThrownBy(() -> TimeSpan.parse("10 ms")).hasMessage("'10 ms' is not a duration; use e.g. 10ms, 1s");
    }

    @Test
    void refusesANumberWithoutUnit() {
        assertThatThrownBy(() -> TimeSpan.parse("10")).hasMessage("'10' has no unit; use e.g. 10ms, 1s");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "ms", "-5ms", "10 sec", "10d", "1e3ms", "ten ms"})
    void refusesWhatIsNoDuration(String text) {
        assertThatThrownBy(() -> TimeSpan.parse(text)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("'" + text + "' ");
    }

    @Test
    void refusesLessThanAMicrosecond() {
        assertThatThrownBy(() -> TimeSpan.parse("0.5us")).hasMessage("'0.5us' is finer than a microsecond");
    }

    @Test
    void refusesWhatDoesNotFitALong() {
        assertThatThrownBy(() -> TimeSpan.parse("99999999999999999h")).hasMessage("'99999999999999999h' is too long");
    }

    @Test
    void refusesNegativeSpans() {
        assertThatThrownBy(() -> TimeSpan.ofMicros(-1)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void factoriesAndOrder() {
        assertThat(TimeSpan.ofMillis(10)).isEqualTo(TimeSpan.parse("10000us"));
        assertThat(TimeSpan.ofSeconds(1)).isEqualTo(TimeSpan.parse("1000ms"));
        assertThat(TimeSpan.ofMillis(1)).isLessThan(TimeSpan.ofMillis(2));
    }
}
