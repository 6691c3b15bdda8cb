package io.catena.harness.check;

import java.util.Set;

/**
 * Checks the bank's guarded debits: a read of an account immediately followed, on that account,
 * by an add of a negative amount is the balance a check compared before the debit (a guard read).
 * A committed transaction's guard must have held (balance at least the debit); a transaction that
 * aborted with a guard value recorded must have had it fail (balance below the debit), since its
 * check is the only thing that can abort a bank payment. An aborted transaction's guard is null
 * when the abort came from elsewhere (a conflict lost under a baseline or Helios, or a client library that reports
 * aborts without rows): nothing is said of it. A committed null is an absent account, balance 0.
 *
 * <p>Stateless apart from its configuration; thread-safe.
 */
final class DebitGuards {

    private final Set<String> accounts;

    DebitGuards(Set<String> accounts) {
        this.accounts = accounts;
    }

    void check(IndexedHistory history, CheckReport.Builder report) {
        long guards = 0;
        for (int txn = 0; txn < history.size(); txn++) {
            TxnOutcome outcome = history.outcome(txn);
            if (outcome != TxnOutcome.COMMITTED && outcome != TxnOutcome.ABORTED) {
                continue;
            }
            var ops = history.event(txn).ops();
            for (int i = 0; i + 1 < ops.size(); i++) {
                HistoryOp read = ops.get(i);
                HistoryOp debit = ops.get(i + 1);
                if (isGuardedDebit(read, debit) && checkGuard(history, txn, read, debit, report)) {
                    guards++;
                }
            }
        }
        report.info("bank-guards", guards);
    }

    private boolean isGuardedDebit(HistoryOp read, HistoryOp debit) {
        return read.f() == OpFunction.READ && debit.f() == OpFunction.ADD && read.key().equals(debit.key())
                && accounts.contains(read.key()) && debit.value() instanceof OpValue.Int amount && amount.value() < 0;
    }

    /** Checks one guard; false if there was nothing to check. */
    private static boolean checkGuard(IndexedHistory history, int txn, HistoryOp read, HistoryOp debit,
                                      CheckReport.Builder report) {
        boolean committed = history.outcome(txn) == TxnOutcome.COMMITTED;
        long needed = -((OpValue.Int) debit.value()).value();
        long balance;
        if (read.value() instanceof OpValue.Int i) {
            balance = i.value();
        } else if (read.value() instanceof OpValue.Nil && committed) {
            balance = 0;
        } else {
            return false;
        }
        if (committed && balance < needed) {
            report.report(Anomaly.GUARD_MISMATCH, () -> history.id(txn) + " committed a debit of " + needed
                    + " from " + read.key() + ", whose check compared a balance of " + balance);
        } else if (!committed && balance >= needed) {
            report.report(Anomaly.GUARD_MISMATCH, () -> history.id(txn) + " aborted a debit of " + needed
                    + " from " + read.key() + ", although its check compared a balance of " + balance);
        }
        return true;
    }
}
