package io.catena.server.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class ByteSizeTest {

    @ParameterizedTest
    @CsvSource({"65536, 65536", "100B, 100", "512KiB, 524288", "16MiB, 16777216", "1GiB, 1073741824",
        "1.5KiB, 1536", "16 MiB, 16777216"})
    void parsesBytesAndBinaryUnits(String text, long bytes) {
        assertThat(ByteSize.parse(text).bytes()).isEqualTo(bytes);
    }

    @ParameterizedTest
    @CsvSource({"0, 0", "1000, 1000", "1024, 1KiB", "1536, 1536", "16777216, 16MiB", "2147483648, 2GiB"})
    void rendersTheLargestExactUnit(long bytes, String text) {
        assertThat(ByteSize.ofBytes(bytes)).hasToString(text);
        assertThat(ByteSize.parse(text).bytes()).isEqualTo(bytes);
    }

    @ParameterizedTest
    @ValueSource(strings = {"16MB", "16mb", "16M", "-1", "", "MiB", "sixteen"})
    void refusesOtherForms(String text) {
        assertThatThrownBy(() -> ByteSize.parse(text))
                .hasMessage("'" + text + "' is not a size; use e.g. 16MiB, 512KiB or a number of bytes");
    }

    @Test
    void refusesPartialBytes() {
        assertThatThrownBy(() -> ByteSize.parse("0.3KiB")).hasMessage("'0.3KiB' is not a whole number of bytes");
    }

    @Test
    void factoriesAgreeWithParsing() {
        assertThat(ByteSize.ofKibibytes(512)).isEqualTo(ByteSize.parse("512KiB"));
        assertThat(ByteSize.ofMebibytes(16)).isEqualTo(ByteSize.parse("16MiB"));
        assertThat(ByteSize.ofKibibytes(1)).isLessThan(ByteSize.ofMebibytes(1));
    }
}
