package io.catena.harness.check;

import static io.catena.harness.check.HistoryMutations.appenders;
import static io.catena.harness.check.HistoryMutations.committedAppends;
import static io.catena.harness.check.HistoryMutations.committedReads;
import static io.catena.harness.check.HistoryMutations.freshElement;
import static io.catena.harness.check.HistoryMutations.freshKey;
import static io.catena.harness.check.HistoryMutations.insertedAfter;
import static io.catena.harness.check.HistoryMutations.replace;
import static io.catena.harness.check.HistoryMutations.touches;
import static io.catena.harness.check.HistoryMutations.versionOrders;
import static io.catena.harness.check.HistoryMutations.withFinalList;
import static io.catena.harness.check.HistoryMutations.withOpsAt;
import static io.catena.harness.check.HistoryMutations.withOpsAtEnd;
import static io.catena.harness.check.HistoryMutations.withOutcome;

import io.catena.harness.check.HistoryMutations.AppendSite;
import io.catena.harness.check.HistoryMutations.ReadSite;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Mutants of list-append histories, each an edit that makes a real history show one anomaly of
 * Elle's list-append analysis. Each method's comment says why its edit is that anomaly.
 */
final class ListMutants {

    private ListMutants() {
    }

    static List<Mutant> all() {
        RecordedWorkload lists = RecordedWorkload.LISTS;
        return List.of(
                Mutant.ofHistory("G1a on lists", lists, Anomaly.G1A, ListMutants::abortAnObservedAppender),
                Mutant.ofHistory("G1b on lists", lists, Anomaly.G1B, ListMutants::appendAgainAfterAReadsEnd),
                Mutant.ofHistory("G1c on lists", lists, Anomaly.G1C, ListMutants::readEachOthersAppend),
                Mutant.ofHistory("G0 on lists", lists, Anomaly.G0, ListMutants::appendInTheOppositeOrder),
                Mutant.ofHistory("garbage read of a list", lists, Anomaly.GARBAGE_READ,
                        ListMutants::readAnElementNobodyAppended),
                Mutant.ofHistory("duplicate element", lists, Anomaly.DUPLICATE_ELEMENTS,
                        ListMutants::readAnElementTwice),
                Mutant.ofHistory("incompatible order", lists, Anomaly.INCOMPATIBLE_ORDER,
                        ListMutants::readTheFirstTwoElementsSwapped));
    }

    /**
     * G1a: a committed transaction read another's element; that appender now aborted, so the read
     * saw a write of a transaction that never committed.
     */
    static Optional<MutatedHistory> abortAnObservedAppender(RecordedRun run) {
        Map<String, Map<Long, HistoryEvent>> appenders = appenders(run.history());
        for (ReadSite read : committedReads(run, KeyKind.LIST)) {
            for (long element : read.elements()) {
                HistoryEvent appender = appenders.get(read.key()).get(element);
                if (appender.committed() && !appender.id().equals(read.txn().id())) {
                    return Optional.of(new MutatedHistory(
                            replace(run.history(), withOutcome(appender, TxnOutcome.ABORTED)), run.finalLists(),
                            "aborted " + appender.id() + ", whose append of " + element + " to " + read.key()
                                    + " " + read.txn().id() + " read",
                            List.of(appender.id())));
                }
            }
        }
        return Optional.empty();
    }

    /**
     * G1b: a committed read ends in another committed transaction's element, and that transaction
     * now appends to the key again right after it: the read saw a state inside the appender. The
     * new element joins every region's final list where the appender put it.
     */
    static Optional<MutatedHistory> appendAgainAfterAReadsEnd(RecordedRun run) {
        Map<String, Map<Long, HistoryEvent>> appenders = appenders(run.history());
        long fresh = freshElement(run.history());
        for (ReadSite read : committedReads(run, KeyKind.LIST)) {
            if (read.elements().isEmpty()) {
                continue;
            }
            long last = read.elements().get(read.elements().size() - 1);
            HistoryEvent appender = appenders.get(read.key()).get(last);
            if (!appender.committed() || appender.id().equals(read.txn().id())) {
                continue;
            }
            int append = appendPosition(appender, read.key(), last);
            HistoryEvent again = withOpsAt(appender, append + 1, HistoryOp.append(read.key(), fresh));
            FinalLists finals = run.finalLists();
            for (String region : finals.regions()) {
                finals = withFinalList(finals, region, read.key(),
                        insertedAfter(finals.list(region, read.key()), last, fresh));
            }
            return Optional.of(new MutatedHistory(replace(run.history(), again), finals,
                    "gave " + appender.id() + " a second append to " + read.key() + ", of " + fresh
                            + ", right after its " + last + ", in which " + read.txn().id() + "'s read ends",
                    List.of(read.txn().id(), appender.id())));
        }
        return Optional.empty();
    }

    /**
     * G1c: two committed transactions that append to keys the other never touches each read the
     * other's key up to and including the other's element, a prefix of the version order as a
     * serializable run could show it: each read what the other wrote, a cycle of wr edges.
     */
    static Optional<MutatedHistory> readEachOthersAppend(RecordedRun run) {
        Map<String, List<Long>> orders = versionOrders(run);
        List<AppendSite> observed = new ArrayList<>();
        for (AppendSite append : committedAppends(run.history())) {
            if (orders.getOrDefault(append.key(), List.of()).contains(append.element())) {
                observed.add(append);
            }
        }
        for (AppendSite a : observed) {
            for (AppendSite b : observed) {
                if (a.txn() == b.txn() || touches(a.txn(), b.key()) || touches(b.txn(), a.key())) {
                    continue;
                }
                HistoryEvent aReads = withOpsAt(a.txn(), 0, readThrough(orders, b));
                HistoryEvent bReads = withOpsAt(b.txn(), 0, readThrough(orders, a));
                return Optional.of(new MutatedHistory(replace(run.history(), aReads, bReads), run.finalLists(),
                        a.txn().id() + " now reads " + b.key() + " through " + b.txn().id() + "'s " + b.element()
                                + " and " + b.txn().id() + " reads " + a.key() + " through " + a.txn().id()
                                + "'s " + a.element(),
                        List.of(a.txn().id(), b.txn().id())));
            }
        }
        return Optional.empty();
    }

    /**
     * G0: A's element comes right before B's in a key's version order (ww A to B). Both now also
     * append to a fresh key, B first, and A reads that key showing B's element before its own
     * (ww B to A): a cycle of write dependencies alone. Every region's final list of the fresh key
     * shows that order too.
     */
    static Optional<MutatedHistory> appendInTheOppositeOrder(RecordedRun run) {
        Map<String, Map<Long, HistoryEvent>> appenders = appenders(run.history());
        for (Map.Entry<String, List<Long>> order : versionOrders(run).entrySet()) {
            List<Long> elements = order.getValue();
            for (int i = 0; i + 1 < elements.size(); i++) {
                HistoryEvent a = appenders.get(order.getKey()).get(elements.get(i));
                HistoryEvent b = appenders.get(order.getKey()).get(elements.get(i + 1));
                if (a == b || !a.committed() || !b.committed()) {
                    continue;
                }
                String fresh = freshKey(order.getKey(), "g0");
                long first = freshElement(run.history());
                long second = first + 1;
                HistoryEvent bFirst = withOpsAtEnd(b, HistoryOp.append(fresh, first));
                HistoryEvent aSecond = withOpsAtEnd(a, HistoryOp.append(fresh, second),
                        HistoryOp.readList(fresh, first, second));
                FinalLists finals = run.finalLists();
                for (String region : finals.regions()) {
                    finals = withFinalList(finals, region, fresh, List.of(first, second));
                }
                return Optional.of(new MutatedHistory(replace(run.history(), bFirst, aSecond), finals,
                        a.id() + " appended " + elements.get(i) + " to " + order.getKey() + " right before "
                                + b.id() + "'s " + elements.get(i + 1) + "; now " + b.id() + " appends " + first
                                + " to " + fresh + ", then " + a.id() + " appends " + second + " and reads both",
                        List.of(a.id(), b.id())));
            }
        }
        return Optional.empty();
    }

    /** Garbage: the first committed read of a list ends in an element nobody appended. */
    static Optional<MutatedHistory> readAnElementNobodyAppended(RecordedRun run) {
        long garbage = freshElement(run.history());
        return committedReads(run, KeyKind.LIST).stream().findFirst().map(read -> {
            List<Long> elements = new ArrayList<>(read.elements());
            elements.add(garbage);
            return new MutatedHistory(replace(run.history(), read.readingAs(OpValue.ofList(elements))),
                    run.finalLists(), read.txn().id() + "'s read of " + read.key() + " now ends in " + garbage,
                    List.of(read.txn().id()));
        });
    }

    /** Duplicate: the first committed read of a non-empty list shows its first element again at its end. */
    static Optional<MutatedHistory> readAnElementTwice(RecordedRun run) {
        return committedReads(run, KeyKind.LIST).stream().filter(read -> !read.elements().isEmpty()).findFirst()
                .map(read -> {
                    List<Long> elements = new ArrayList<>(read.elements());
                    elements.add(elements.get(0));
                    return new MutatedHistory(replace(run.history(), read.readingAs(OpValue.ofList(elements))),
                            run.finalLists(), read.txn().id() + "'s read of " + read.key() + " now ends in its first "
                                    + elements.get(0) + " again",
                            List.of(read.txn().id()));
                });
    }

    /**
     * incompatible-order: a committed read of two elements or more, shorter than the longest read
     * of its key, shows its first two elements swapped; the longest read shows them in the other
     * order, and no one order of appends explains both.
     */
    static Optional<MutatedHistory> readTheFirstTwoElementsSwapped(RecordedRun run) {
        Map<String, List<Long>> orders = versionOrders(run);
        return committedReads(run, KeyKind.LIST).stream()
                .filter(read -> read.elements().size() >= 2
                        && read.elements().size() < orders.get(read.key()).size())
                .findFirst().map(read -> {
                    List<Long> swapped = new ArrayList<>(read.elements());
                    Collections.swap(swapped, 0, 1);
                    return new MutatedHistory(replace(run.history(), read.readingAs(OpValue.ofList(swapped))),
                            run.finalLists(), read.txn().id() + "'s read of " + read.key() + " now starts "
                                    + swapped.subList(0, 2) + ", its first two elements swapped",
                            List.of(read.txn().id()));
                });
    }

    /** A read of {@code through}'s key: its version order up to and including {@code through}'s element. */
    private static HistoryOp readThrough(Map<String, List<Long>> orders, AppendSite through) {
        List<Long> order = orders.get(through.key());
        return new HistoryOp(OpFunction.READ, through.key(),
                OpValue.ofList(order.subList(0, order.indexOf(through.element()) + 1)));
    }

    private static int appendPosition(HistoryEvent txn, String key, long element) {
        for (int i = 0; i < txn.ops().size(); i++) {
            HistoryOp op = txn.ops().get(i);
            if (op.f() == OpFunction.APPEND && op.key().equals(key) && HistoryMutations.element(op) == element) {
                return i;
            }
        }
        throw new IllegalArgumentException(txn.id() + " never appended " + element + " to " + key);
    }
}
