package io.catena.harness.workload;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.core.data.Datum;
import io.catena.core.data.ReadResult;
import io.catena.core.data.Row;
import io.catena.core.data.RowDigest;
import io.catena.core.data.RowKey;
import io.catena.core.txn.Condition;
import io.catena.core.txn.Op;
import io.catena.core.txn.TxnSpec;
import io.catena.core.txn.UpdateFn;
import io.catena.harness.SeededRandom;
import io.catena.harness.check.Anomaly;
import io.catena.harness.check.CheckReport;
import io.catena.harness.check.HistoryChecker;
import io.catena.harness.check.HistoryEvent;
import io.catena.harness.check.OpFunction;
import io.catena.harness.check.OpValue;
import io.catena.harness.check.TxnOutcome;
import io.catena.harness.run.RunHeader;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The bank's interactive transfers: both balances read at a snapshot, both set to their new
 * values behind checks that neither changed; and the money two of them create from one snapshot
 * when those checks are left out, which the bank checks see.
 */
class InteractiveBankTest {

    private static final String SPEC = "bank:accounts=2,audit=0,interactive=1";
    private static final RowKey A0 = RowKey.of(BankWorkload.TABLE, "a0");
    private static final RowKey A1 = RowKey.of(BankWorkload.TABLE, "a1");

    @Test
    void aTransferChecksBothBalancesUnchangedThenSetsThemAndRecordsTheMoveAsAdds() {
        ClientTxn drawn = WorkloadSpec.parse(SPEC).create(1).next(new SeededRandom(3), new UniqueValues(1));
        RowKey from = drawn.readOnlyKeys().get(0);
        RowKey to = drawn.readOnlyKeys().get(1);
        Row payer = Row.of(BankWorkload.COLUMN, 500);
        Row payee = Row.of(BankWorkload.COLUMN, 70);

        ClientTxn paying = drawn.commit(List.of(new ReadResult(from, payer), new ReadResult(to, payee)));

        List<Op> ops = ((TxnSpec.AdHoc) paying.spec()).ops();
        assertThat(ops.subList(0, 2)).containsExactly(new Op.Check(from, new Condition.Unchanged(RowDigest.of(payer))),
                new Op.Check(to, new Condition.Unchanged(RowDigest.of(payee))));
        long amount = -((OpValue.Int) paying.steps().get(2).value()).value();
        assertThat(amount).isBetween(1L, 100L);
        assertThat(ops.subList(2, 4)).containsExactly(
                new Op.Update(from, new UpdateFn.SetField(BankWorkload.COLUMN, Datum.of(500 - amount))),
                new Op.Update(to, new UpdateFn.SetField(BankWorkload.COLUMN, Datum.of(70 + amount))));
        assertThat(paying.steps()).extracting(Step::function)
                .containsExactly(OpFunction.READ, OpFunction.READ, OpFunction.ADD, OpFunction.ADD);
    }

    @Test
    void aPayerShortOfTheAmountWritesNothingAndOnlyItsChecksCommit() {
        ClientTxn drawn = WorkloadSpec.parse(SPEC).create(1).next(new SeededRandom(3), new UniqueValues(1));

        ClientTxn broke = drawn.commit(List.of(new ReadResult(drawn.readOnlyKeys().get(0), Row.of(BankWorkload.COLUMN, 0))));

        assertThat(((TxnSpec.AdHoc) broke.spec()).ops()).hasSize(2).allMatch(op -> op instanceof Op.Check);
        assertThat(broke.steps()).extracting(Step::function).containsExactly(OpFunction.READ, OpFunction.READ);
    }

    @Test
    void twoTransfersFromOneSnapshotWithoutTheirChecksLoseAnUpdateTheFinalBalancesShow() {
        Workload bank = WorkloadSpec.parse(SPEC).create(1);
        SeededRandom random = new SeededRandom(11);
        UniqueValues unique = new UniqueValues(1);
        SerialChain start = new SerialChain(bank);
        List<ReadResult> snapshot = List.of(new ReadResult(A0, start.row(A0)), new ReadResult(A1, start.row(A1)));
        List<ClientTxn> transfers = List.of(bank.next(random, unique).commit(snapshot),
                bank.next(random, unique).commit(snapshot));

        CheckReport checked = runSerially(bank, transfers, true);
        CheckReport unchecked = runSerially(bank, transfers, false);

        assertThat(checked.valid()).as(checked.summaryLine()).isTrue();
        assertThat(unchecked.count(Anomaly.FINAL_BALANCE)).as(unchecked.summaryLine()).isPositive();
    }

    /**
     * Runs the transfers one after the other through core's executor, with or without their
     * checks, and checks the history and final balances they leave.
     */
    private static CheckReport runSerially(Workload bank, List<ClientTxn> transfers, boolean withChecks) {
        SerialChain chain = new SerialChain(bank);
        List<HistoryEvent> history = new ArrayList<>();
        for (ClientTxn t : transfers) {
            List<Op> ops = ((TxnSpec.AdHoc) t.spec()).ops().stream()
                    .filter(op -> withChecks || !(op instanceof Op.Check)).toList();
            boolean aborted = chain.run(new TxnSpec.AdHoc(ops)).aborted();
            history.add(ReadModifyWriteWorkloadTest.event("t" + history.size(), t, 10,
                    aborted ? TxnOutcome.ABORTED : TxnOutcome.COMMITTED));
        }
        Map<String, Long> balances = new LinkedHashMap<>();
        for (RowKey account : List.of(A0, A1)) {
            balances.put(account.toString(), chain.row(account).getLong(BankWorkload.COLUMN, 0));
        }
        return HistoryChecker.builder().header(RunHeader.of(SPEC, bank, List.of("r")))
                .finalBalances(Map.of("r", balances)).build().check(history);
    }
}
