package io.catena.simulation.check;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Checks that transfers conserve money: every committed transaction that reads all accounts must
 * see balances adding up to the initial total, and so must each region's final balances. Counts
 * one bank-total-mismatch per such transaction and per such region.
 *
 * <p>Balances are integers; an absent balance (a null read) is 0. A transaction's own earlier adds
 * to an account are taken out of what it read there, so a transfer that reads after adding is
 * judged on the state it started from. Stateless apart from its configuration; thread-safe.
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
        Map<String, Long> ownAdds = new HashMap<>();
        Map<String, Long> readBalances = new TreeMap<>();
        for (HistoryOp op : history.event(txn).ops()) {
            if (!bank.accounts().contains(op.key())) {
                continue;
            }
            if (op.f() == OpFunction.ADD) {
                ownAdds.merge(op.key(), ((OpValue.Int) op.value()).value(), Long::sum);
            } else if (op.f() == OpFunction.READ && !readBalances.containsKey(op.key())) {
                if (op.value() instanceof OpValue.Int balance) {
                    readBalances.put(op.key(), balance.value() - ownAdds.getOrDefault(op.key(), 0L));
                } else if (op.value() instanceof OpValue.Nil) {
                    readBalances.put(op.key(), -ownAdds.getOrDefault(op.key(), 0L));
                } else {
                    report.report(Anomaly.BANK_TOTAL_MISMATCH, () -> history.id(txn) + " read the balance of "
                            + op.key() + " as " + op.value() + ", which is not an integer");
                    return false;
                }
            }
        }
        if (readBalances.size() < bank.accounts().size()) {
            return false;
        }
        long total = 0;
        for (long balance : readBalances.values()) {
            total += balance;
        }
        if (total != bank.initialTotal()) {
            long readTotal = total;
            report.report(Anomaly.BANK_TOTAL_MISMATCH, () -> history.id(txn) + " read balances adding up to "
                    + readTotal + ", not " + bank.initialTotal() + ": " + readBalances);
        }
        return true;
    }
}
