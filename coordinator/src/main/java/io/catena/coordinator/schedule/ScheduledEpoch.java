package io.catena.coordinator.schedule;

import io.catena.core.rlog.TxnEntry;
import java.util.List;
import java.util.Map;

/**
 * One execution epoch as scheduled: the valid transactions with their classification, the
 * invalid ones with the reason, and retries of requests an earlier transaction or cancellation
 * already carries.
 */
public record ScheduledEpoch(EpochClassification classification, Map<TxnEntry, String> rejected,
                             List<TxnEntry> duplicates, List<TxnEntry> dropped) {
}
