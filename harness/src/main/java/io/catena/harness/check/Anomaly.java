package io.catena.harness.check;

/**
 * The anomalies the checkers report, with the name used in reports. Each checker documents what
 * one count of each anomaly stands for.
 */
public enum Anomaly {
    /** Write cycle: a dependency cycle of ww edges only. */
    G0("G0"),
    /** Aborted read: a committed transaction observed a write of a transaction that never committed. */
    G1A("G1a"),
    /** Intermediate read: a committed transaction observed a write its writer later overwrote. */
    G1B("G1b"),
    /** Circular information flow: a cycle of ww and wr edges with at least one wr edge. */
    G1C("G1c"),
    /** Anti-dependency cycle: a cycle that needs at least one rw edge. */
    G2("G2"),
    /** Observations of a list that cannot come from one order of appends. */
    INCOMPATIBLE_ORDER("incompatible-order"),
    /** A list observed with the same element twice. */
    DUPLICATE_ELEMENTS("duplicate-elements"),
    /** An observed value that nobody wrote or appended. */
    GARBAGE_READ("garbage-read"),
    /** Bank balances that do not add up to the initial total. */
    BANK_TOTAL_MISMATCH("bank-total-mismatch"),
    /** An account whose final balance in a region is not its initial one plus what committed transactions added. */
    FINAL_BALANCE("final-balance"),
    /** A debit that committed although the balance its check compared was short, or aborted although it was not. */
    GUARD_MISMATCH("guard-mismatch"),
    /** A committed append missing from a region's final list. */
    LOST("lost"),
    /** A key whose final lists differ between regions. */
    DIVERGENT_FINAL("divergent-final"),
    /** A committed read that missed a value its own session had committed to the key before. */
    READ_YOUR_WRITES("read-your-writes"),
    /** A committed read that saw less of a list than an earlier read of its own session. */
    MONOTONIC_READS("monotonic-reads");

    private final String reportName;

    Anomaly(String reportName) {
        this.reportName = reportName;
    }

    /** The name in reports and summary lines, e.g. {@code "G1a"} or {@code "incompatible-order"}. */
    public String reportName() {
        return reportName;
    }
}
