package io.catena.coordinator.client;

import io.catena.coordinator.Coordinator;

/**
 * When an outcome lookup may log a cancellation of the request it asks about. The request index
 * forgets a request {@link Coordinator#DEDUP_WINDOW_EPOCHS} epochs after the epoch of its first
 * carrier, so a cancellation settles a request correctly only if it lies within that window of
 * every transaction of the request logged before it. Those this region has scheduled, the index
 * knows, and the lookup waits for the first one instead of cancelling; those it has not scheduled
 * yet lie in epochs from the next one it schedules on. A region whose scheduling stalled while its
 * clock ran on (cut off from the others, or its store down) can be more than a window behind: a
 * cancellation in the record it closes then lies more than a window after a transaction it logged
 * before the stall, the index has forgotten that transaction again by the time the region
 * schedules the cancellation, and the cancellation counts first, in every region — a lookup
 * answered not committed for a transaction that commits everywhere. A query can arrive that late:
 * the client library asks at its 20 s deadline and resends for another 20 s, and a region whose
 * store is down refuses queries until it is back.
 *
 * <p>So a lookup cancels only while the record it would go into lies less than a window, less the
 * copy window's margin (left for cancellations that wait for room in later records), after the next
 * epoch this region schedules; otherwise it waits until scheduling has caught up, when the index
 * names the transaction or the cancellation is safe. Pure arithmetic.
 */
final class CancelWindow {

    private CancelWindow() {
    }

    /**
     * Whether a cancellation in this region's record of {@code recordEpoch} lies within the dedup
     * window of every transaction of its request that the region has not scheduled yet, the
     * earliest of which can be in {@code nextToSchedule}.
     */
    static boolean fits(long recordEpoch, long nextToSchedule) {
        return recordEpoch - nextToSchedule < Coordinator.DEDUP_WINDOW_EPOCHS - CopyWindow.MARGIN_EPOCHS;
    }
}
