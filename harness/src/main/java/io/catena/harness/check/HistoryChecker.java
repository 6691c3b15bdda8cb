package io.catena.harness.check;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Runs every checker that applies to a history and merges their findings into one
 * {@link CheckReport}: the {@link ListAppendChecker} and {@link RegisterChecker} always (they find
 * nothing in a history without list or register keys), with one dependency graph for both, the
 * {@link SessionChecker} (for histories that name sessions), the {@link BankChecker} if a bank is
 * configured (and {@link FinalBalances} with a header's initial balances), the
 * {@link AgreedTotalChecker} if neither a bank nor a header is, the
 * {@link FinalStateChecker} if final lists are.
 *
 * <p>A checker configured from a history's {@link HistoryHeader} judges each key by its table's
 * declared kind, knows every register's initial value and takes the header's bank; without one it
 * judges what a file of format 1 allows (see {@link HistoryWriter}). A run checks its history the
 * way its file would be checked: both configure the checker from the same header.
 *
 * <p>Immutable and thread-safe; each {@link #check} is independent.
 */
public final class HistoryChecker {

    private final FinalLists finalLists;
    private final BankInvariant bank;
    private final HistoryHeader header;
    private final Map<String, OpValue> initialValues;
    private final int maxExamplesPerAnomaly;

    private HistoryChecker(Builder builder) {
        this.finalLists = builder.finalLists;
        this.bank = builder.bank == null || builder.finalBalances == null ? builder.bank
                : builder.bank.withFinalBalances(builder.finalBalances);
        this.header = builder.header;
        this.initialValues = header == null ? null : header.initialValueByKey();
        this.maxExamplesPerAnomaly = builder.maxExamplesPerAnomaly;
    }

    /** A checker with no header, no final state and no bank. */
    public static HistoryChecker create() {
        return builder().build();
    }

    /** A checker configured from {@code history}'s header, if it has one. */
    public static HistoryChecker of(RecordedHistory history) {
        Builder builder = builder();
        if (history.header() != null) {
            builder.header(history.header());
        }
        return builder.build();
    }

    /** A builder, initially without header, final state and bank. */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * Checks {@code history} (in any line order).
     *
     * @throws IllegalArgumentException if the history breaks the format's promises: two
     *     transactions with one id, or one value appended twice to a key
     */
    public CheckReport check(List<HistoryEvent> history) {
        CheckReport.Builder report = CheckReport.builder(maxExamplesPerAnomaly);
        IndexedHistory indexed = header == null ? IndexedHistory.of(history)
                : IndexedHistory.of(history, header::kindOf);
        long committed = history.stream().filter(HistoryEvent::committed).count();
        report.info("txns", history.size());
        report.info("committed", committed);
        // One graph for lists and registers: a cycle may pass through keys of both kinds.
        DependencyGraph graph = new DependencyGraph(indexed.size());
        new ListAppendChecker(finalLists).check(indexed, report, graph);
        new RegisterChecker(bank == null ? Set.of() : bank.accounts(), initialValues).check(indexed, report, graph);
        DependencyCycles.reportWithEdgeCounts(graph, indexed, report);
        new SessionChecker().check(indexed, report);
        if (bank != null) {
            new BankChecker(bank).check(indexed, report);
            new FinalBalances(bank, initialValues).check(indexed, report);
        } else if (header == null) {
            new AgreedTotalChecker().check(indexed, report);
        }
        new FinalStateChecker(finalLists).check(indexed, report);
        return report.build();
    }

    /** Configures a {@link HistoryChecker}. Not thread-safe. */
    public static final class Builder {
        private FinalLists finalLists = FinalLists.NONE;
        private BankInvariant bank;
        private Map<String, Map<String, Long>> finalBalances;
        private HistoryHeader header;
        private int maxExamplesPerAnomaly = CheckReport.DEFAULT_EXAMPLES_PER_ANOMALY;

        private Builder() {
        }

        /**
         * What the run that wrote the history declared: key kinds, initial values and the bank,
         * which replaces any bank set before.
         */
        public Builder header(HistoryHeader header) {
            this.header = Objects.requireNonNull(header, "header");
            BankInvariant declared = header.bankInvariant();
            if (declared != null) {
                this.bank = declared;
            }
            return this;
        }

        /** The final list of every list key in every region; enables the final-state checks. */
        public Builder finalLists(FinalLists finalLists) {
            this.finalLists = Objects.requireNonNull(finalLists, "finalLists");
            return this;
        }

        /** The bank whose total transfers conserve; enables the bank checks. */
        public Builder bank(BankInvariant bank) {
            this.bank = Objects.requireNonNull(bank, "bank");
            return this;
        }

        /**
         * Region name to (account key to final balance) after the run, for the bank this checker
         * knows from {@link #bank} or {@link #header}; ignored without one.
         */
        public Builder finalBalances(Map<String, Map<String, Long>> finalBalancesByRegion) {
            this.finalBalances = Objects.requireNonNull(finalBalancesByRegion, "finalBalancesByRegion");
            return this;
        }

        /** How many examples to keep per anomaly; 5 unless set. */
        public Builder maxExamplesPerAnomaly(int maxExamplesPerAnomaly) {
            if (maxExamplesPerAnomaly < 0) {
                throw new IllegalArgumentException("maxExamplesPerAnomaly must be >= 0: " + maxExamplesPerAnomaly);
            }
            this.maxExamplesPerAnomaly = maxExamplesPerAnomaly;
            return this;
        }

        /** The configured checker. */
        public HistoryChecker build() {
            return new HistoryChecker(this);
        }
    }
}
