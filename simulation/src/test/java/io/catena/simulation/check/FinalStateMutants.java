package io.catena.simulation.check;

import static io.catena.simulation.check.HistoryMutations.committedAppends;
import static io.catena.simulation.check.HistoryMutations.withFinalList;

import io.catena.simulation.check.HistoryMutations.AppendSite;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

/**
 * Mutants of the regions' final lists, which a run checks with its history and no file holds.
 * Each edits the final state of the last region (in name order), so that the first region's
 * lists, which the checker prefers as the version order among lists of one length, stay true.
 */
final class FinalStateMutants {

    private FinalStateMutants() {
    }

    static List<Mutant> all() {
        return List.of(
                Mutant.ofFinalState("lost append", Anomaly.LOST, FinalStateMutants::dropACommittedAppend),
                Mutant.ofFinalState("divergent final state", Anomaly.DIVERGENT_FINAL,
                        FinalStateMutants::swapTheLastTwoElements));
    }

    /** lost: the first committed append is missing from one region's final list of its key. */
    static Optional<MutatedHistory> dropACommittedAppend(RecordedRun run) {
        String region = lastRegion(run);
        for (AppendSite append : committedAppends(run.history())) {
            List<Long> list = new ArrayList<>(run.finalLists().list(region, append.key()));
            if (list.remove(append.element())) {
                return Optional.of(new MutatedHistory(run.history(),
                        withFinalList(run.finalLists(), region, append.key(), list),
                        "dropped " + append.txn().id() + "'s " + append.element() + " from the final list of "
                                + append.key() + " in " + region,
                        List.of(append.txn().id())));
            }
        }
        return Optional.empty();
    }

    /**
     * divergent-final: one region's final list of a key has its last two elements swapped. It
     * still holds every append, so nothing is lost, but the regions no longer agree.
     */
    static Optional<MutatedHistory> swapTheLastTwoElements(RecordedRun run) {
        String region = lastRegion(run);
        for (String key : run.finalLists().keys()) {
            List<Long> list = new ArrayList<>(run.finalLists().list(region, key));
            if (list.size() >= 2) {
                Collections.swap(list, list.size() - 2, list.size() - 1);
                return Optional.of(new MutatedHistory(run.history(), withFinalList(run.finalLists(), region, key, list),
                        "swapped the last two elements of the final list of " + key + " in " + region,
                        List.of(key)));
            }
        }
        return Optional.empty();
    }

    private static String lastRegion(RecordedRun run) {
        List<String> regions = new ArrayList<>(run.finalLists().regions());
        return regions.get(regions.size() - 1);
    }
}
