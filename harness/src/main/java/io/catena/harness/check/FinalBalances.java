package io.catena.harness.check;

import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Checks each region's final balance of every account against the history: its initial balance
 * plus every add of a committed transaction, exactly. A transfer every region lost, or applied
 * although it aborted, conserves the total and leaves the regions identical, so only this sees
 * it. An account that a transaction of unknown outcome adds to may end either way and is not
 * judged; without the accounts' initial balances (no header) nothing is.
 *
 * <p>Stateless apart from its configuration; thread-safe.
 */
final class FinalBalances {

    private final BankInvariant bank;
    private final Map<String, OpValue> initialValues;

    /** @param initialValues every key's value before the first transaction, as a header says it */
    FinalBalances(BankInvariant bank, Map<String, OpValue> initialValues) {
        this.bank = bank;
        this.initialValues = initialValues;
    }

    void check(IndexedHistory history, CheckReport.Builder report) {
        if (initialValues == null || bank.finalBalancesByRegion().isEmpty()) {
            return;
        }
        Map<String, Long> expected = new TreeMap<>();
        for (String account : bank.accounts()) {
            expected.put(account, initialValues.get(account) instanceof OpValue.Int i ? i.value() : 0L);
        }
        Set<String> undecided = new HashSet<>();
        for (int txn = 0; txn < history.size(); txn++) {
            TxnOutcome outcome = history.outcome(txn);
            for (HistoryOp op : history.event(txn).ops()) {
                if (op.f() != OpFunction.ADD || !expected.containsKey(op.key())) {
                    continue;
                }
                if (outcome == TxnOutcome.COMMITTED) {
                    expected.merge(op.key(), ((OpValue.Int) op.value()).value(), Long::sum);
                } else if (outcome == TxnOutcome.UNKNOWN) {
                    undecided.add(op.key());
                }
            }
        }
        long judged = 0;
        for (Map.Entry<String, Map<String, Long>> region : bank.finalBalancesByRegion().entrySet()) {
            for (Map.Entry<String, Long> account : expected.entrySet()) {
                if (undecided.contains(account.getKey())) {
                    continue;
                }
                judged++;
                long actual = region.getValue().getOrDefault(account.getKey(), 0L);
                if (actual != account.getValue()) {
                    report.report(Anomaly.FINAL_BALANCE, () -> account.getKey() + " ends at " + actual + " in region "
                            + region.getKey() + ", but its initial balance and the committed transfers make "
                            + account.getValue());
                }
            }
        }
        report.info("final-balances-judged", judged);
    }
}
