package io.catena.simulation.check;

import static io.catena.simulation.check.HistoryMutations.replace;
import static io.catena.simulation.check.HistoryMutations.withOpAt;

import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** Mutants of bank histories: transfers between accounts and audits that read every account. */
final class BankMutants {

    private BankMutants() {
    }

    static List<Mutant> all() {
        return List.of(Mutant.ofHistory("audit with a wrong total", RecordedWorkload.BANK,
                Anomaly.BANK_TOTAL_MISMATCH, BankMutants::auditOneUnitTooRich));
    }

    /**
     * bank-total-mismatch: the first committed audit (a transaction that read every account) reads
     * its first account one unit richer, so its balances add up to one more than the bank's total.
     */
    static Optional<MutatedHistory> auditOneUnitTooRich(RecordedRun run) {
        Set<String> accounts = run.header().bankInvariant().accounts();
        for (HistoryEvent txn : run.history()) {
            Set<String> read = new HashSet<>();
            int firstRead = -1;
            for (int i = 0; i < txn.ops().size(); i++) {
                HistoryOp op = txn.ops().get(i);
                if (op.f() == OpFunction.READ && accounts.contains(op.key()) && read.add(op.key()) && firstRead < 0) {
                    firstRead = i;
                }
            }
            if (!txn.committed() || !read.containsAll(accounts)) {
                continue;
            }
            HistoryOp balance = txn.ops().get(firstRead);
            long richer = (balance.value() instanceof OpValue.Int amount ? amount.value() : 0) + 1;
            HistoryEvent audit = withOpAt(txn, firstRead, HistoryOp.read(balance.key(), OpValue.of(richer)));
            return Optional.of(new MutatedHistory(replace(run.history(), audit), run.finalLists(),
                    txn.id() + "'s audit now reads " + balance.key() + " as " + richer + " instead of "
                            + balance.value(),
                    List.of(txn.id())));
        }
        return Optional.empty();
    }
}
