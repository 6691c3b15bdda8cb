package io.catena.harness.check;

import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * What a client observed as the end of one transaction, with its history-file spelling.
 */
public enum TxnOutcome {
    /** The client saw the transaction commit. */
    COMMITTED("committed"),
    /** The transaction's own logic aborted it deterministically; its effects never apply. */
    ABORTED("aborted"),
    /** The transaction was invalid and never ran. */
    REJECTED("rejected"),
    /** The transaction never ran; retrying it is safe. */
    DROPPED("dropped"),
    /** The client gave up waiting: the transaction may or may not have committed. */
    UNKNOWN("unknown");

    private final String wireName;

    TxnOutcome(String wireName) {
        this.wireName = wireName;
    }

    /** The spelling in the history format, e.g. {@code "committed"}. */
    public String wireName() {
        return wireName;
    }

    /** True for the outcomes whose effects must never be visible: aborted, rejected, dropped. */
    public boolean neverCommitted() {
        return this == ABORTED || this == REJECTED || this == DROPPED;
    }

    /** What a client observed when the cluster answered with {@code outcome}. */
    public static TxnOutcome of(io.catena.core.txn.Outcome outcome) {
        return switch (outcome) {
            case COMMITTED -> COMMITTED;
            case ABORTED -> ABORTED;
            case REJECTED -> REJECTED;
            case DROPPED -> DROPPED;
        };
    }

    /**
     * The outcome spelled {@code wireName} in the history format.
     *
     * @throws IllegalArgumentException naming the accepted spellings if there is none
     */
    public static TxnOutcome fromWire(String wireName) {
        for (TxnOutcome outcome : values()) {
            if (outcome.wireName.equals(wireName)) {
                return outcome;
            }
        }
        throw new IllegalArgumentException("expected one of " + spellings() + " but was \"" + wireName + "\"");
    }

    private static String spellings() {
        return Arrays.stream(values()).map(TxnOutcome::wireName).collect(Collectors.joining(", "));
    }
}
