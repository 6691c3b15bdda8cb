package io.catena.simulation.check;

import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Runs every checker that applies to a history and merges their findings into one
 * {@link CheckReport}: the {@link ListAppendChecker} and {@link RegisterChecker} always (they find
 * nothing in a history without list or register keys), the {@link BankChecker} if a bank is
 * configured and else the {@link AgreedTotalChecker}, the {@link FinalStateChecker} if final lists
 * are.
 *
 * <p>Immutable and thread-safe; each {@link #check} is independent.
 */
public final class HistoryChecker {

    private final FinalLists finalLists;
    private final BankInvariant bank;
    private final int maxExamplesPerAnomaly;

    private HistoryChecker(Builder builder) {
        this.finalLists = builder.finalLists;
        this.bank = builder.bank;
        this.maxExamplesPerAnomaly = builder.maxExamplesPerAnomaly;
    }

    /** A checker with no final state and no bank. */
    public static HistoryChecker create() {
        return builder().build();
    }

    /** A builder, initially without final state and bank. */
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
        IndexedHistory indexed = IndexedHistory.of(history);
        long committed = history.stream().filter(HistoryEvent::committed).count();
        report.info("txns", history.size());
        report.info("committed", committed);
        new ListAppendChecker(finalLists).check(indexed, report);
        new RegisterChecker(bank == null ? Set.of() : bank.accounts()).check(indexed, report);
        if (bank != null) {
            new BankChecker(bank).check(indexed, report);
        } else {
            new AgreedTotalChecker().check(indexed, report);
        }
        new FinalStateChecker(finalLists).check(indexed, report);
        return report.build();
    }

    /** Configures a {@link HistoryChecker}. Not thread-safe. */
    public static final class Builder {
        private FinalLists finalLists = FinalLists.NONE;
        private BankInvariant bank;
        private int maxExamplesPerAnomaly = CheckReport.DEFAULT_EXAMPLES_PER_ANOMALY;

        private Builder() {
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
