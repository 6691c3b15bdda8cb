package io.catena.harness.check;

import static io.catena.harness.check.HistoryMutations.appenders;
import static io.catena.harness.check.HistoryMutations.committedReads;
import static io.catena.harness.check.HistoryMutations.replace;

import io.catena.harness.check.HistoryMutations.ReadSite;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Mutants of what a client session saw of itself on list keys. Each edits a read that is the
 * first operation of its transaction on the key, in a transaction that began after an earlier
 * one of its session committed: the session's promises cover exactly those.
 */
final class SessionMutants {

    private SessionMutants() {
    }

    static List<Mutant> all() {
        RecordedWorkload lists = RecordedWorkload.LISTS;
        return List.of(
                Mutant.ofHistory("read-your-writes", lists, Anomaly.READ_YOUR_WRITES,
                        SessionMutants::forgetAnOwnAppend),
                Mutant.ofHistory("monotonic reads", lists, Anomaly.MONOTONIC_READS,
                        SessionMutants::readLessThanBefore));
    }

    /**
     * read-your-writes: a committed read loses an element that its own session appended in a
     * transaction committed before the reader began.
     */
    static Optional<MutatedHistory> forgetAnOwnAppend(RecordedRun run) {
        Map<String, Map<Long, HistoryEvent>> appenders = appenders(run.history());
        for (ReadSite read : committedReads(run, KeyKind.LIST)) {
            if (!read.firstOnKey()) {
                continue;
            }
            for (long element : read.elements()) {
                HistoryEvent appender = appenders.get(read.key()).get(element);
                if (appender.committed() && committedBefore(appender, read.txn())) {
                    List<Long> without = new ArrayList<>(read.elements());
                    without.remove(element);
                    return Optional.of(new MutatedHistory(
                            replace(run.history(), read.readingAs(OpValue.ofList(without))), run.finalLists(),
                            read.txn().id() + "'s read of " + read.key() + " now lacks " + element + ", which "
                                    + appender.id() + " of its session appended before",
                            List.of(read.txn().id())));
                }
            }
        }
        return Optional.empty();
    }

    /**
     * monotonic-reads: a committed read now shows one element less than an earlier committed read
     * of its session saw of the key (still a prefix of the version order, so only the session can
     * tell).
     */
    static Optional<MutatedHistory> readLessThanBefore(RecordedRun run) {
        List<ReadSite> reads = committedReads(run, KeyKind.LIST);
        for (ReadSite later : reads) {
            if (!later.firstOnKey()) {
                continue;
            }
            for (ReadSite earlier : reads) {
                if (earlier.key().equals(later.key()) && !earlier.elements().isEmpty()
                        && committedBefore(earlier.txn(), later.txn())) {
                    List<Long> less = earlier.elements().subList(0, earlier.elements().size() - 1);
                    return Optional.of(new MutatedHistory(
                            replace(run.history(), later.readingAs(OpValue.ofList(less))), run.finalLists(),
                            later.txn().id() + "'s read of " + later.key() + " is now " + less + ", less than the "
                                    + earlier.elements() + " " + earlier.txn().id() + " of its session read before",
                            List.of(later.txn().id())));
                }
            }
        }
        return Optional.empty();
    }

    /** True if {@code earlier} is another transaction of {@code later}'s session answered before it began. */
    private static boolean committedBefore(HistoryEvent earlier, HistoryEvent later) {
        return earlier != later && earlier.session() != null && earlier.session().equals(later.session())
                && earlier.completeMicros() != null && earlier.completeMicros() < later.invokeMicros();
    }
}
