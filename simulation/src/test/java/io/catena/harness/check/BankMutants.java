package io.catena.harness.check;

import static io.catena.harness.check.HistoryMutations.replace;
import static io.catena.harness.check.HistoryMutations.withOpAt;
import static io.catena.harness.check.HistoryMutations.withOutcome;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** Mutants of bank histories: transfers between accounts and audits that read every account. */
final class BankMutants {

    private BankMutants() {
    }

    static List<Mutant> all() {
        return List.of(
                Mutant.ofHistory("audit with a wrong total", RecordedWorkload.BANK, Anomaly.BANK_TOTAL_MISMATCH,
                        BankMutants::firstAuditOneUnitTooRich),
                Mutant.ofHistory("audits agreeing on a wrong total", RecordedWorkload.BANK,
                        Anomaly.BANK_TOTAL_MISMATCH, BankMutants::everyAuditOneUnitTooRich),
                Mutant.ofHistory("debit committed on a short balance", RecordedWorkload.BANK,
                        Anomaly.GUARD_MISMATCH, BankMutants::firstDebitOneUnitShort),
                Mutant.ofFinalState("transfer applied although aborted", RecordedWorkload.BANK,
                        Anomaly.FINAL_BALANCE, BankMutants::firstTransferAbortedYetApplied));
    }

    /**
     * guard-mismatch: the first committed debit's guard read (the payer's balance its check
     * compared) now shows one unit less than the debit, so the check should have failed.
     */
    static Optional<MutatedHistory> firstDebitOneUnitShort(RecordedRun run) {
        Set<String> accounts = run.header().bankInvariant().accounts();
        for (HistoryEvent txn : run.history()) {
            if (!txn.committed()) {
                continue;
            }
            for (int i = 0; i + 1 < txn.ops().size(); i++) {
                HistoryOp guard = txn.ops().get(i);
                HistoryOp debit = txn.ops().get(i + 1);
                if (guard.f() == OpFunction.READ && debit.f() == OpFunction.ADD && guard.key().equals(debit.key())
                        && accounts.contains(guard.key()) && ((OpValue.Int) debit.value()).value() < 0) {
                    long shortBy = -((OpValue.Int) debit.value()).value() - 1;
                    return Optional.of(new MutatedHistory(
                            replace(run.history(), withOpAt(txn, i, HistoryOp.read(guard.key(), OpValue.of(shortBy)))),
                            run.finalLists(), txn.id() + "'s check now compared a balance of " + shortBy
                                    + ", one unit short of its debit", List.of(txn.id())));
                }
            }
        }
        return Optional.empty();
    }

    /**
     * final-balance: the first committed transfer is recorded as aborted, yet every region applied
     * it. The total is conserved and the regions agree, so only the accounts' balances, against
     * their initial ones and the committed transfers, show it. No file holds the balances.
     */
    static Optional<MutatedHistory> firstTransferAbortedYetApplied(RecordedRun run) {
        Set<String> accounts = run.header().bankInvariant().accounts();
        for (HistoryEvent txn : run.history()) {
            List<String> moved = txn.ops().stream()
                    .filter(op -> op.f() == OpFunction.ADD && accounts.contains(op.key()))
                    .map(HistoryOp::key).toList();
            if (txn.committed() && !moved.isEmpty()) {
                return Optional.of(new MutatedHistory(replace(run.history(), withOutcome(txn, TxnOutcome.ABORTED)),
                        run.finalLists(), txn.id() + " now aborted, though every region applied it", moved));
            }
        }
        return Optional.empty();
    }

    /**
     * bank-total-mismatch: the first committed audit (a transaction that read every account) reads
     * its first account one unit richer, so its balances add up to one more than the bank's total.
     */
    static Optional<MutatedHistory> firstAuditOneUnitTooRich(RecordedRun run) {
        return audits(run).stream().findFirst().map(audit -> new MutatedHistory(
                replace(run.history(), oneUnitRicher(run, audit)), run.finalLists(),
                audit.id() + "'s audit now reads its first account one unit richer", List.of(audit.id())));
    }

    /**
     * bank-total-mismatch against the header: every committed audit reads its first account one
     * unit richer. The audits still agree with each other, so only the total the header declares
     * shows them wrong; a file of format 1, judged by the audits' agreement alone, would pass.
     */
    static Optional<MutatedHistory> everyAuditOneUnitTooRich(RecordedRun run) {
        List<HistoryEvent> audits = audits(run);
        if (audits.isEmpty()) {
            return Optional.empty();
        }
        List<String> ids = audits.stream().map(HistoryEvent::id).toList();
        HistoryEvent[] richer = audits.stream().map(audit -> oneUnitRicher(run, audit)).toArray(HistoryEvent[]::new);
        return Optional.of(new MutatedHistory(replace(run.history(), richer), run.finalLists(),
                "every audit, " + ids + ", now reads its first account one unit richer", ids));
    }

    /** The committed transactions that read every account of the bank, in line order. */
    private static List<HistoryEvent> audits(RecordedRun run) {
        Set<String> accounts = run.header().bankInvariant().accounts();
        List<HistoryEvent> audits = new ArrayList<>();
        for (HistoryEvent txn : run.history()) {
            Set<String> read = new HashSet<>();
            for (HistoryOp op : txn.ops()) {
                if (op.f() == OpFunction.READ && accounts.contains(op.key())) {
                    read.add(op.key());
                }
            }
            if (txn.committed() && read.containsAll(accounts)) {
                audits.add(txn);
            }
        }
        return audits;
    }

    /** {@code audit} reading its first account one unit richer than it did. */
    private static HistoryEvent oneUnitRicher(RecordedRun run, HistoryEvent audit) {
        Set<String> accounts = run.header().bankInvariant().accounts();
        for (int i = 0; i < audit.ops().size(); i++) {
            HistoryOp op = audit.ops().get(i);
            if (op.f() == OpFunction.READ && accounts.contains(op.key())) {
                long richer = (op.value() instanceof OpValue.Int balance ? balance.value() : 0) + 1;
                return withOpAt(audit, i, HistoryOp.read(op.key(), OpValue.of(richer)));
            }
        }
        throw new IllegalArgumentException(audit.id() + " reads no account");
    }
}
