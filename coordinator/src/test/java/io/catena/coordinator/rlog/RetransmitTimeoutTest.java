package io.catena.coordinator.rlog;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RetransmitTimeoutTest {

    private static final long FLOOR = 400_000;

    @Test
    void aPeerThatAcknowledgesWithinTheConfiguredTimeoutKeepsIt() {
        RetransmitTimeout timeout = new RetransmitTimeout(FLOOR);
        acknowledgeEach(timeout, 1, 50, 0, 150_000);
        assertThat(timeout.micros()).isEqualTo(FLOOR);
    }

    @Test
    void aPeerWhoseStoreTakesSecondsIsGivenLongerButNeverMoreThanTheCap() {
        RetransmitTimeout timeout = new RetransmitTimeout(FLOOR);
        long now = acknowledgeEach(timeout, 1, 50, 0, 1_500_000);
        assertThat(timeout.micros()).isBetween(1_500_000L, 2_000_000L);

        acknowledgeEach(timeout, 51, 100, now, 60_000_000);
        assertThat(timeout.micros()).isEqualTo(FLOOR * DelayEstimate.MAX_FACTOR);
    }

    @Test
    void oneRecordIsTimedAtATimeAndAResentOneNotAtAll() {
        RetransmitTimeout timeout = new RetransmitTimeout(FLOOR);
        timeout.sentFirst(1, 0);
        // A second record sent while the first is timed is not timed: its acknowledgement, 5 s on,
        // would otherwise read as a 5 s round trip.
        timeout.sentFirst(2, 4_000_000);
        timeout.sentAgain(1);
        timeout.acknowledged(2, 5_000_000);
        assertThat(timeout.micros()).as("nothing was timed: record 1 was resent").isEqualTo(FLOOR);

        timeout.sentFirst(3, 6_000_000);
        timeout.acknowledged(2, 9_000_000);
        assertThat(timeout.micros()).as("an acknowledgement short of the timed record").isEqualTo(FLOOR);
        timeout.acknowledged(3, 9_000_000);
        assertThat(timeout.micros()).as("3 s to acknowledge record 3").isEqualTo(FLOOR * DelayEstimate.MAX_FACTOR);
    }

    /** Sends records {@code from..to} one at a time, each acknowledged {@code ackMicros} later; returns the time. */
    private static long acknowledgeEach(RetransmitTimeout timeout, long from, long to, long startMicros,
                                        long ackMicros) {
        long now = startMicros;
        for (long epoch = from; epoch <= to; epoch++) {
            timeout.sentFirst(epoch, now);
            now += ackMicros;
            timeout.acknowledged(epoch, now);
        }
        return now;
    }
}
