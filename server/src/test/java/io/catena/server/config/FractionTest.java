package io.catena.server.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class FractionTest {

    @ParameterizedTest
    @CsvSource({"5%, 0.05", "0.05, 0.05", "2.5%, 0.025", "0, 0", "100%, 1", "1, 1", "0%, 0"})
    void parsesPercentagesAndDecimals(String text, double value) {
        assertThat(Fraction.parse(text).value()).isEqualTo(value);
    }

    @ParameterizedTest
    @CsvSource({"0.05, 5%", "0.025, 2.5%", "0, 0%", "1, 100%", "0.001, 0.1%"})
    void rendersAPercentageThatParsesBack(double value, String text) {
        assertThat(new Fraction(value)).hasToString(text);
        assertThat(Fraction.parse(text)).isEqualTo(new Fraction(value));
    }

    @Test
    void refusesMoreThanAll() {
        assertThatThrownBy(() -> Fraction.parse("150%")).hasMessage("'150%' is more than 100%");
        assertThatThrownBy(() -> Fraction.parse("5")).hasMessage("'5' is more than 100%");
    }

    @Test
    void refusesOtherForms() {
        assertThatThrownBy(() -> Fraction.parse("5 percent"))
                .hasMessage("'5 percent' is not a fraction; use e.g. 5% or 0.05");
        assertThatThrownBy(() -> Fraction.parse("-1%")).hasMessage("'-1%' is not a fraction; use e.g. 5% or 0.05");
    }

    @Test
    void percentFactoryMatchesParsing() {
        assertThat(Fraction.ofPercent(5)).isEqualTo(Fraction.parse("5%"));
    }
}
