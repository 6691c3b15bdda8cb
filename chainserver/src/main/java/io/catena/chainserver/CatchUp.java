package io.catena.chainserver;

import io.catena.catenae.message.CommitPass;
import io.catena.core.exec.HopOutcome;
import io.catena.core.exec.PartitionView;
import io.catena.core.txn.TxnPlan;

/**
 * Validation and catch-up of one hop at its decided version (Catenae §VI-E). The speculative run
 * is valid if it was given the same carried values and read the same rows as the decided state
 * gives it: a deterministic hop then takes the same path, so its result is reused. Otherwise the
 * hop runs again on the decided state: it <em>catches up</em>, as the paper's regions that
 * speculated another order do.
 */
final class CatchUp {

    private static final int HOP_BASE_BYTES = 64;

    private final ChainServerContext ctx;

    CatchUp(ChainServerContext ctx) {
        this.ctx = ctx;
    }

    /** The hop's decided outcome: its speculative one if still valid against {@code decided}, else a new run. */
    HopOutcome validateOrCatchUp(CommitPass m, TxnPlan plan, ChainTxn txn, PartitionView decided) {
        ctx.stats.decidedHops++;
        HopSpeculation s = txn == null ? null : txn.speculation(m.hop());
        if (s != null && valid(s, m, decided)) {
            ctx.stats.validSpeculativeHops++;
            ctx.meter.keyAccess(HOP_BASE_BYTES);
            return s.outcome();
        }
        if (s == null) {
            ctx.stats.unspeculatedHops++;
        } else {
            ctx.stats.caughtUpHops++;
        }
        HopOutcome outcome = ctx.executor.execute(m.spec(), plan, m.hop(), decided, m.carry());
        ctx.meter.keyAccess(HOP_BASE_BYTES + outcome.accessedBytes());
        return outcome;
    }

    /** Whether the speculative run had the decided inputs: the same carried values, the same reads. */
    static boolean valid(HopSpeculation s, CommitPass m, PartitionView decided) {
        return s.carryIn().equals(m.carry()) && s.reads().sameAgainst(decided);
    }
}
