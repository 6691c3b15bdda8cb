package io.catena.harness.check;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;

/**
 * Ways to corrupt a serializable history that the checker must always notice, each with the
 * anomaly it must report. Histories come from {@link SerialHistoryGenerator}; the checker is given
 * its final lists.
 */
enum HistoryCorruption {
    /** Leave out a non-last element of a committed read: no longer a prefix of the final list. */
    DROP_ELEMENT(Anomaly.INCOMPATIBLE_ORDER),
    /**
     * Swap the results of two committed reads of one key by two transactions, each made right after
     * the reader's own append, where A read before B: A now reads B's append (wr B to A) while A's own append
     * precedes B's in the version order (a ww path from A to B).
     */
    SWAP_READS(Anomaly.G1C),
    /** Turn a committed transaction whose append another committed transaction read into an aborted one. */
    ABORT_OBSERVED_APPENDER(Anomaly.G1A),
    /** Repeat an element at the end of a committed read. */
    DUPLICATE_ELEMENT(Anomaly.DUPLICATE_ELEMENTS);

    private final Anomaly expected;

    HistoryCorruption(Anomaly expected) {
        this.expected = expected;
    }

    Anomaly expected() {
        return expected;
    }

    /** The corrupted history, or empty if {@code history} has nothing this corruption applies to. */
    Optional<List<HistoryEvent>> apply(List<HistoryEvent> history, Random random) {
        List<HistoryEvent> events = new ArrayList<>(history);
        List<ReadSite> reads = committedListReads(events);
        switch (this) {
            case DROP_ELEMENT -> {
                List<ReadSite> long2 = reads.stream().filter(r -> r.elements(events).size() >= 2).toList();
                if (long2.isEmpty()) {
                    return Optional.empty();
                }
                ReadSite site = long2.get(random.nextInt(long2.size()));
                List<Long> elements = new ArrayList<>(site.elements(events));
                elements.remove(random.nextInt(elements.size() - 1));
                site.replace(events, elements);
            }
            case SWAP_READS -> {
                if (!swapReadsAfterOwnAppends(events, random)) {
                    return Optional.empty();
                }
            }
            case ABORT_OBSERVED_APPENDER -> {
                List<Integer> observed = observedAppenders(events, reads);
                if (observed.isEmpty()) {
                    return Optional.empty();
                }
                int txn = observed.get(random.nextInt(observed.size()));
                HistoryEvent e = events.get(txn);
                events.set(txn, new HistoryEvent(e.id(), e.region(), e.type(), e.invokeMicros(), e.completeMicros(),
                        TxnOutcome.ABORTED, e.version(), e.ops()));
            }
            case DUPLICATE_ELEMENT -> {
                List<ReadSite> nonEmpty = reads.stream().filter(r -> !r.elements(events).isEmpty()).toList();
                if (nonEmpty.isEmpty()) {
                    return Optional.empty();
                }
                ReadSite site = nonEmpty.get(random.nextInt(nonEmpty.size()));
                List<Long> elements = new ArrayList<>(site.elements(events));
                elements.add(elements.get(random.nextInt(elements.size())));
                site.replace(events, elements);
            }
            default -> throw new IllegalStateException(name());
        }
        return Optional.of(events);
    }

    /** One read op of a list in a committed event. */
    private record ReadSite(int event, int op, boolean afterOwnAppend) {

        List<Long> elements(List<HistoryEvent> events) {
            return ((OpValue.IntList) events.get(event).ops().get(op).value()).values();
        }

        String key(List<HistoryEvent> events) {
            return events.get(event).ops().get(op).key();
        }

        void replace(List<HistoryEvent> events, List<Long> elements) {
            HistoryEvent e = events.get(event);
            List<HistoryOp> ops = new ArrayList<>(e.ops());
            ops.set(op, HistoryOp.read(ops.get(op).key(), OpValue.ofList(elements)));
            events.set(event, new HistoryEvent(e.id(), e.region(), e.type(), e.invokeMicros(), e.completeMicros(),
                    e.outcome(), e.version(), ops));
        }
    }

    private static List<ReadSite> committedListReads(List<HistoryEvent> events) {
        List<ReadSite> reads = new ArrayList<>();
        for (int i = 0; i < events.size(); i++) {
            HistoryEvent event = events.get(i);
            if (!event.committed()) {
                continue;
            }
            for (int j = 0; j < event.ops().size(); j++) {
                HistoryOp op = event.ops().get(j);
                if (op.f() == OpFunction.READ && op.value() instanceof OpValue.IntList) {
                    boolean afterOwnAppend = j > 0 && event.ops().get(j - 1).f() == OpFunction.APPEND
                            && event.ops().get(j - 1).key().equals(op.key());
                    reads.add(new ReadSite(i, j, afterOwnAppend));
                }
            }
        }
        return reads;
    }

    private static boolean swapReadsAfterOwnAppends(List<HistoryEvent> events, Random random) {
        Map<String, List<ReadSite>> byKey = new HashMap<>();
        for (ReadSite site : committedListReads(events)) {
            if (site.afterOwnAppend()) {
                byKey.computeIfAbsent(site.key(events), k -> new ArrayList<>()).add(site);
            }
        }
        List<ReadSite[]> pairs = new ArrayList<>();
        for (List<ReadSite> sites : byKey.values()) {
            for (ReadSite a : sites) {
                for (ReadSite b : sites) {
                    if (a.event() != b.event() && a.elements(events).size() < b.elements(events).size()) {
                        pairs.add(new ReadSite[] {a, b});
                    }
                }
            }
        }
        if (pairs.isEmpty()) {
            return false;
        }
        ReadSite[] pair = pairs.get(random.nextInt(pairs.size()));
        List<Long> first = pair[0].elements(events);
        pair[0].replace(events, pair[1].elements(events));
        pair[1].replace(events, first);
        return true;
    }

    private static List<Integer> observedAppenders(List<HistoryEvent> events, List<ReadSite> reads) {
        Map<String, Integer> appenders = new HashMap<>();
        for (int i = 0; i < events.size(); i++) {
            for (HistoryOp op : events.get(i).ops()) {
                if (op.f() == OpFunction.APPEND && events.get(i).committed()) {
                    appenders.put(op.key() + "=" + op.value(), i);
                }
            }
        }
        List<Integer> observed = new ArrayList<>();
        for (ReadSite read : reads) {
            for (long element : read.elements(events)) {
                Integer appender = appenders.get(read.key(events) + "=" + element);
                if (appender != null && appender != read.event()) {
                    observed.add(appender);
                }
            }
        }
        return observed;
    }
}
