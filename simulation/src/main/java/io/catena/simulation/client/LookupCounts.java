package io.catena.simulation.client;

/**
 * What clients' outcome lookups found: how many transactions whose answer a client gave up on it
 * looked up, and what the lookups resolved them to — committed, aborted or rejected (the
 * transaction ran and failed, or was invalid), or not committed (cancelled: it never runs) — and
 * how many were still unresolved when the run ended; and how many times the request's own
 * answer, come late, said otherwise than its lookup (never, in a correct run).
 */
public record LookupCounts(long asked, long committed, long failed, long notCommitted, long unresolved,
                           long disagreed) {

    public static final LookupCounts NONE = new LookupCounts(0, 0, 0, 0, 0, 0);

    public LookupCounts plus(LookupCounts o) {
        return new LookupCounts(asked + o.asked, committed + o.committed, failed + o.failed,
                notCommitted + o.notCommitted, unresolved + o.unresolved, disagreed + o.disagreed);
    }

    public String line() {
        return "outcome lookups=" + asked + " (committed=" + committed + " aborted or rejected=" + failed
                + " not committed=" + notCommitted + " unresolved=" + unresolved + " late answers disagreeing="
                + disagreed + ")";
    }
}
