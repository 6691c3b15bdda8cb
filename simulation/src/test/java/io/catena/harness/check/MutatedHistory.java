package io.catena.harness.check;

import java.util.List;

/**
 * A recorded history after one targeted edit.
 *
 * @param history    the edited history, which the checker is given
 * @param finalLists the regions' final lists, edited or as recorded
 * @param edit       what was edited, naming the transactions, keys and values, for failure messages
 * @param culprits   transaction ids or keys of which an example of the expected anomaly must name
 *                   at least one: a report that finds the anomaly elsewhere found the wrong one
 */
record MutatedHistory(List<HistoryEvent> history, FinalLists finalLists, String edit, List<String> culprits) {

    MutatedHistory {
        history = List.copyOf(history);
        culprits = List.copyOf(culprits);
    }
}
