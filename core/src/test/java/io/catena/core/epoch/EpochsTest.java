package io.catena.core.epoch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

class EpochsTest {

    @Test
    void epochsStartAtOneSoThatVersionZeroPrecedesEveryTransaction() {
        Epochs epochs = new Epochs(10_000);
        assertThat(epochs.epochAt(0)).isEqualTo(1);
        assertThat(epochs.epochAt(9_999)).isEqualTo(1);
        assertThat(epochs.epochAt(10_000)).isEqualTo(2);
        assertThat(epochs.startMicros(1)).isZero();
        assertThat(epochs.endMicros(1)).isEqualTo(10_000);
    }

    @Test
    void anEpochLastsAPositiveTime() {
        assertThatThrownBy(() -> new Epochs(0)).isInstanceOf(IllegalArgumentException.class);
    }

    /** Every instant lies in exactly one epoch, at or after its start and before its end. */
    @Property(tries = 500)
    void everyInstantLiesInTheEpochItNames(@ForAll @LongRange(min = 1, max = 1_000_000) long lengthMicros,
                                           @ForAll @LongRange(min = 0, max = 1L << 50) long nowMicros) {
        Epochs epochs = new Epochs(lengthMicros);
        long e = epochs.epochAt(nowMicros);
        assertThat(epochs.startMicros(e)).isLessThanOrEqualTo(nowMicros);
        assertThat(epochs.endMicros(e)).isGreaterThan(nowMicros);
        assertThat(epochs.startMicros(e + 1)).isEqualTo(epochs.endMicros(e));
    }
}
