package io.catena.harness.check;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * One way to break a real recorded history so that it shows a known anomaly. The edit finds its
 * own place: the first transactions of the history, in line order, that fit its pattern, or none,
 * and then the next seed must be tried.
 *
 * @param name           e.g. {@code G1c on lists}
 * @param workload       the workload whose histories it edits
 * @param expected       the anomaly the checker must report of the edited history
 * @param finalStateOnly true if it edits only the regions' final lists, which no history file holds
 * @param edit           the edit, or empty if nothing in the run fits it
 */
record Mutant(String name, RecordedWorkload workload, Anomaly expected, boolean finalStateOnly,
              Function<RecordedRun, Optional<MutatedHistory>> edit) {

    /** A mutant of the history, to be found by every check, of a file too. */
    static Mutant ofHistory(String name, RecordedWorkload workload, Anomaly expected,
                            Function<RecordedRun, Optional<MutatedHistory>> edit) {
        return new Mutant(name, workload, expected, false, edit);
    }

    /** A mutant of the final lists alone, to be found by the check a run makes with its regions' states. */
    static Mutant ofFinalState(String name, Anomaly expected, Function<RecordedRun, Optional<MutatedHistory>> edit) {
        return ofFinalState(name, RecordedWorkload.LISTS, expected, edit);
    }

    /**
     * A mutant that only the check a run makes with its regions' final states can find (lists or
     * balances), since no file holds them.
     */
    static Mutant ofFinalState(String name, RecordedWorkload workload, Anomaly expected,
                               Function<RecordedRun, Optional<MutatedHistory>> edit) {
        return new Mutant(name, workload, expected, true, edit);
    }

    /** Every mutant the checker must reject. */
    static List<Mutant> all() {
        List<Mutant> all = new ArrayList<>();
        all.addAll(ListMutants.all());
        all.addAll(RegisterMutants.all());
        all.addAll(SessionMutants.all());
        all.addAll(FinalStateMutants.all());
        all.addAll(BankMutants.all());
        return all;
    }

    Optional<MutatedHistory> applyTo(RecordedRun run) {
        return edit.apply(run);
    }

    @Override
    public String toString() {
        return name;
    }
}
