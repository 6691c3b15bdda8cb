package io.catena.harness.check;

import java.util.List;

/**
 * Checks that transfers conserve money: every committed transaction that reads all accounts must
 * see balances adding up to the initial total, and so must each region's final balances. Counts
 * one bank-total-mismatch per such transaction and per such region. Every debit whose check's
 * balance the history records must have gone the way that balance says ({@link DebitGuards}).
 *
 * <p>Balances are read as {@link BalanceRead} says. Stateless apart from its configuration;
 * thread-safe.
 */
public final class BankChecker {

    private final BankInvariant bank;

    /** A checker of {@code bank}. */
    public BankChecker(BankInvariant bank) {
        this.bank = bank;
    }

    /** Checks {@code history}, keeping {@link CheckReport#DEFAULT_EXAMPLES_PER_ANOMALY} examples. */
    public CheckReport check(List<HistoryEvent> history) {
        CheckReport.Builder report = CheckReport.builder(CheckReport.DEFAULT_EXAMPLES_PER_ANOMALY);
        check(IndexedHistory.of(history), report);
        return report.build();
    }

    void check(IndexedHistory history, CheckReport.Builder report) {
        long balanceChecks = 0;
        for (int txn = 0; txn < history.size(); txn++) {
            if (history.event(txn).committed() && checkTxn(history, txn, report)) {
                balanceChecks++;
            }
        }
        report.info("bank-balance-reads", balanceChecks);
        new DebitGuards(bank.accounts()).check(history, report);
        bank.finalBalancesByRegion().forEach((region, balances) -> {
            long total = 0;
            for (String account : bank.accounts()) {
                total += balances.getOrDefault(account, 0L);
            }
            if (total != bank.initialTotal()) {
                long finalTotal = total;
                report.report(Anomaly.BANK_TOTAL_MISMATCH, () -> "the final balances of region " + region
                        + " add up to " + finalTotal + ", not " + bank.initialTotal() + ": " + balances);
            }
        });
    }

    /** Checks one committed transaction; true if it read every account. */
    private boolean checkTxn(IndexedHistory history, int txn, CheckReport.Builder report) {
        BalanceRead read = BalanceRead.of(history.event(txn), bank.accounts());
        if (read.notInteger() != null) {
            HistoryOp op = read.notInteger();
            report.report(Anomaly.BANK_TOTAL_MISMATCH, () -> history.id(txn) + " read the balance of "
                    + op.key() + " as " + op.value() + ", which is not an integer");
            return false;
        }
        if (!read.readAll(bank.accounts())) {
            return false;
        }
        long total = read.total();
        if (total != bank.initialTotal()) {
            report.report(Anomaly.BANK_TOTAL_MISMATCH, () -> history.id(txn) + " read balances adding up to "
                    + total + ", not " + bank.initialTotal() + ": " + read.balances());
        }
        return true;
    }
}
