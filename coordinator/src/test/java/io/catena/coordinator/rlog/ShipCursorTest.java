package io.catena.coordinator.rlog;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ShipCursorTest {

    private static final long NONE_ALWAYS_DUE = Long.MAX_VALUE;

    @Test
    void untilSomethingLookedAtFallsDueAPassStartsAfterWhatWasLookedAt() {
        ShipCursor cursor = new ShipCursor();
        assertThat(cursor.passAfter(0, NONE_ALWAYS_DUE, 0)).as("nothing looked at yet").isZero();
        for (long epoch = 1; epoch <= 100; epoch++) {
            cursor.sent(epoch, 0);
            cursor.looked(epoch, 400_000);
        }
        assertThat(cursor.passAfter(10, NONE_ALWAYS_DUE, 399_999)).isEqualTo(100);
        assertThat(cursor.passAfter(120, NONE_ALWAYS_DUE, 399_999)).as("the peer holds more than was looked at")
                .isEqualTo(120);
    }

    @Test
    void onceSomethingCanBeDueThePassStartsAfterThePeersHoldingsAndForgetsTheEarlierDeadline() {
        ShipCursor cursor = new ShipCursor();
        cursor.passAfter(0, NONE_ALWAYS_DUE, 0);
        cursor.looked(50, 400_000);
        assertThat(cursor.passAfter(10, NONE_ALWAYS_DUE, 400_000)).isEqualTo(10);
        // That full pass looked at nothing that can fall due: later passes start after it.
        cursor.looked(50, Long.MAX_VALUE);
        assertThat(cursor.passAfter(10, NONE_ALWAYS_DUE, 900_000)).isEqualTo(50);
    }

    @Test
    void recordsDueAtEveryPassAreLookedAtAgain() {
        ShipCursor cursor = new ShipCursor();
        cursor.passAfter(0, 99, 0);
        cursor.looked(100, 400_000);
        assertThat(cursor.passAfter(0, 99, 1_000)).as("epochs 99 and 100 are always due").isEqualTo(98);
    }

    @Test
    void whatThePeerHoldsIsForgotten() {
        ShipCursor cursor = new ShipCursor();
        cursor.sent(5, 100);
        cursor.sent(6, 200);
        cursor.acknowledged(5);
        assertThat(cursor.lastSentMicros(5)).isNull();
        assertThat(cursor.lastSentMicros(6)).isEqualTo(200);
    }
}
