package io.catena.harness.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import io.catena.core.data.ChainKey;
import io.catena.core.data.RowKey;
import io.catena.core.data.Row;
import io.catena.core.data.RowWrite;
import io.catena.core.exec.AbortAnalysis;
import io.catena.core.txn.Hop;
import io.catena.core.txn.Op;
import io.catena.core.txn.TxnPlan;
import io.catena.core.txn.TxnSpec;
import io.catena.harness.check.OpFunction;
import io.catena.harness.check.OpValue;
import io.catena.harness.workload.WorkloadSpec;
import io.catena.harness.SeededRandom;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The bank's accounts in branch partitions, and audits that read them by key, whole or both ways:
 * every audit covers every account exactly once and records a read of each, and the bank of old
 * (a partition per account, audits by key) is what it always was. With the payer last, payments
 * credit first and may abort on their last hop.
 */
class BankWorkloadTest {

    @Test
    void byDefaultEachAccountIsAPartitionOfItsOwnAndAuditsReadEveryRowByKey() {
        Workload bank = WorkloadSpec.parse("bank:accounts=3,audit=1").create(1);

        ClientTxn audit = bank.next(new SeededRandom(7), new UniqueValues(1));

        assertThat(bank.initialData().keySet()).extracting(ChainKey::toString)
                .containsExactly("accounts/a0", "accounts/a1", "accounts/a2");
        assertThat(audit.readOnlyKeys()).extracting(RowKey::toString)
                .containsExactly("accounts/a0", "accounts/a1", "accounts/a2");
        assertThat(audit.readOnlyPartitions()).isEmpty();
        assertThat(bank.bankInvariant().accounts()).containsExactly("accounts/a0", "accounts/a1", "accounts/a2");
    }

    @Test
    void branchesHoldTheAccountsAsRowsAndAPartitionAuditReadsEachBranchWhole() {
        Workload bank = WorkloadSpec.parse("bank:accounts=5,branches=2,audit=1,auditBy=partitions").create(1);

        ClientTxn audit = bank.next(new SeededRandom(7), new UniqueValues(1));

        Map<ChainKey, List<RowWrite>> data = bank.initialData();
        assertThat(data.keySet()).containsExactly(ChainKey.of("accounts", "b0"), ChainKey.of("accounts", "b1"));
        assertThat(data.get(ChainKey.of("accounts", "b1"))).extracting(RowWrite::clustering).containsExactly("a1", "a3");
        assertThat(audit.readOnlyKeys()).isEmpty();
        assertThat(audit.readOnlyPartitions()).containsExactly(ChainKey.of("accounts", "b0"), ChainKey.of("accounts", "b1"));
        assertThat(audit.steps()).allMatch(s -> s.function() == OpFunction.READ).extracting(s -> s.key().toString())
                .containsExactly("accounts/b0#a0", "accounts/b1#a1", "accounts/b0#a2", "accounts/b1#a3", "accounts/b0#a4");
        assertThat(bank.bankInvariant().accounts()).hasSize(5).contains("accounts/b1#a3");
    }

    @Test
    void aMixedAuditCoversEveryAccountOnceWhetherByKeyOrWithItsBranchAndMixesBoth() {
        BankAccounts layout = new BankAccounts(7, 3);
        Workload bank = WorkloadSpec.parse("bank:accounts=7,branches=3,audit=1,auditBy=mixed").create(1);
        SeededRandom random = new SeededRandom(11);
        boolean sawBoth = false;
        for (int i = 0; i < 40; i++) {
            ClientTxn audit = bank.next(random, new UniqueValues(1));
            List<RowKey> covered = new ArrayList<>(audit.readOnlyKeys());
            audit.readOnlyPartitions().forEach(p -> covered.addAll(layout.accountsOf(p)));
            Set<RowKey> all = new HashSet<>();
            for (int a = 0; a < 7; a++) {
                all.add(layout.account(a));
            }

            assertThat(covered).hasSize(7).containsExactlyInAnyOrderElementsOf(all);
            assertThat(audit.readOnlyKeys()).noneMatch(k -> audit.readOnlyPartitions().contains(k.chainKey()));
            sawBoth |= !audit.readOnlyKeys().isEmpty() && !audit.readOnlyPartitions().isEmpty();
        }
        assertThat(sawBoth).as("some audit read rows by key and partitions together").isTrue();
    }

    @Test
    void byDefaultATransferChecksAndDebitsThePayerOnItsFirstHop() {
        Workload bank = WorkloadSpec.parse("bank:audit=0").create(1);

        TxnSpec.AdHoc transfer = (TxnSpec.AdHoc) bank.next(new SeededRandom(3), new UniqueValues(1)).spec();

        assertThat(transfer.ops()).extracting(op -> op.getClass().getSimpleName())
                .containsExactly("Check", "Update", "Update");
        assertThat(transfer.ops().get(0).key()).isEqualTo(transfer.ops().get(1).key());
    }

    @Test
    void withThePayerLastATransferCreditsThePayeeFirstAndMayAbortOnItsLastHop() {
        Workload bank = WorkloadSpec.parse("bank:payer=last,audit=0").create(1);
        ClientTxn transfer = bank.next(new SeededRandom(3), new UniqueValues(1));
        TxnSpec.AdHoc adHoc = (TxnSpec.AdHoc) transfer.spec();
        RowKey payee = adHoc.ops().get(0).key();
        RowKey payer = adHoc.ops().get(2).key();
        long amount = -((OpValue.Int) transfer.steps().get(2).value()).value();
        SerialChain chain = new SerialChain(bank);
        TxnPlan plan = chain.plan(adHoc);

        assertThat(adHoc.ops()).extracting(op -> op.getClass().getSimpleName())
                .containsExactly("Update", "Check", "Update");
        assertThat(plan.hops()).extracting(Hop::key).containsExactly(payee.chainKey(), payer.chainKey());
        assertThat(AbortAnalysis.mayAbortAfter(adHoc, plan, 0)).as("the payer's check comes after the credit").isTrue();
        assertThat(transfer.steps()).extracting(s -> s.function(), s -> s.key(), s -> s.value())
                .as("the credit, the payer's balance its check compares, the debit")
                .containsExactly(tuple(OpFunction.ADD, payee, OpValue.of(amount)),
                        tuple(OpFunction.READ, payer, OpValue.NIL), tuple(OpFunction.ADD, payer, OpValue.of(-amount)));

        chain.put(payer, Row.of(BankWorkload.COLUMN, amount - 1));
        SerialChain.Run run = chain.run(adHoc);

        assertThat(run.abortedAt()).isEqualTo(1);
        assertThat(run.hops().get(0).writes()).as("the credit written before the abort").hasSize(1);
        assertThat(chain.row(payee).getLong(BankWorkload.COLUMN, -1)).isEqualTo(1_000);
    }

    @Test
    void withThePayerLastASplitCreditsBothPayeesBeforeThePayer() {
        Workload bank = WorkloadSpec.parse("bank:payer=last,split=1,audit=0,balance=10").create(1);
        SerialChain chain = new SerialChain(bank);
        SeededRandom random = new SeededRandom(5);
        int aborted = 0;
        for (int i = 0; i < 50; i++) {
            TxnSpec.AdHoc split = (TxnSpec.AdHoc) bank.next(random, new UniqueValues(1)).spec();
            TxnPlan plan = chain.plan(split);

            assertThat(plan.size()).isEqualTo(3);
            assertThat(split.ops().get(2)).isInstanceOf(Op.Check.class);
            assertThat(plan.indexOf(split.ops().get(2).key().chainKey())).isEqualTo(2);
            SerialChain.Run run = chain.run(split);
            aborted += run.aborted() ? 1 : 0;
            assertThat(run.abortedAt()).isIn(-1, 2);
        }
        assertThat(aborted).as("payers of 10 often cannot pay").isBetween(1, 49);
    }

    @Test
    void aBalanceParameterSetsEveryAccountsInitialBalance() {
        Workload bank = WorkloadSpec.parse("bank:accounts=4,balance=70").create(1);

        assertThat(bank.initialData().values()).allSatisfy(rows ->
                assertThat(rows.get(0).row().getLong(BankWorkload.COLUMN, -1)).isEqualTo(70));
        assertThat(bank.bankInvariant().initialTotal()).isEqualTo(280);
    }

    @Test
    void anUnknownPayerHopIsRefused() {
        assertThatThrownBy(() -> WorkloadSpec.parse("bank:payer=middle"))
                .hasMessage("workload bank: payer must be first or last, not middle");
    }

    @Test
    void anUnknownWayToAuditIsRefused() {
        assertThatThrownBy(() -> WorkloadSpec.parse("bank:auditBy=tables"))
                .hasMessage("workload bank: auditBy must be rows, partitions or mixed, not tables");
    }
}
