package io.catena.harness.check;

import static io.catena.harness.check.HistoryMutations.committedAppends;
import static io.catena.harness.check.HistoryMutations.replace;
import static io.catena.harness.check.HistoryMutations.withFinalList;
import static io.catena.harness.check.HistoryMutations.withOutcome;

import io.catena.harness.check.HistoryMutations.AppendSite;
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
                        FinalStateMutants::swapTheLastTwoElements),
                Mutant.ofFinalState("read append of unknown outcome lost everywhere", Anomaly.LOST,
                        FinalStateMutants::loseAnUnknownAppendOthersRead));
    }

    /**
     * lost: the first committed append that a later committed transaction read becomes of unknown
     * outcome, and every region's final list lacks it. The read shows it committed, so it was
     * lost; the regions still agree, so only the read tells.
     */
    static Optional<MutatedHistory> loseAnUnknownAppendOthersRead(RecordedRun run) {
        for (AppendSite append : committedAppends(run.history())) {
            boolean read = run.history().stream().anyMatch(t -> t != append.txn() && t.committed()
                    && t.ops().stream().anyMatch(op -> op.f() == OpFunction.READ && op.key().equals(append.key())
                            && op.value() instanceof OpValue.IntList list && list.values().contains(append.element())));
            if (!read) {
                continue;
            }
            FinalLists finals = run.finalLists();
            for (String region : finals.regions()) {
                List<Long> list = new ArrayList<>(finals.list(region, append.key()));
                list.remove(append.element());
                finals = withFinalList(finals, region, append.key(), list);
            }
            return Optional.of(new MutatedHistory(
                    replace(run.history(), withOutcome(append.txn(), TxnOutcome.UNKNOWN)), finals,
                    append.txn().id() + " now of unknown outcome, and its " + append.element()
                            + " dropped from every region's final list of " + append.key(),
                    List.of(append.txn().id())));
        }
        return Optional.empty();
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
