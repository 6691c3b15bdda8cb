package io.catena.coordinator.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.coordinator.Coordinator;
import org.junit.jupiter.api.Test;

/**
 * A cancellation may go into a record only while every transaction of its request that the region
 * has yet to schedule lies within the dedup window of that record, with the copy window's margin
 * to spare ({@code OutcomeLookupTest} has the lookup that waited instead).
 */
class CancelWindowTest {

    private static final long SPAN = Coordinator.DEDUP_WINDOW_EPOCHS - CopyWindow.MARGIN_EPOCHS;

    @Test
    void aRegionWhoseSchedulingKeepsUpMayCancel() {
        assertThat(CancelWindow.fits(5_000, 4_990)).isTrue();
        assertThat(CancelWindow.fits(5_000, 5_001)).as("scheduled up to the open record").isTrue();
    }

    @Test
    void aRegionMoreThanTheSpanBehindItsRecordsMayNot() {
        long next = 1_000;
        assertThat(CancelWindow.fits(next + SPAN - 1, next)).isTrue();
        assertThat(CancelWindow.fits(next + SPAN, next)).isFalse();
        assertThat(CancelWindow.fits(next + Coordinator.DEDUP_WINDOW_EPOCHS + 1, next)).isFalse();
    }
}
