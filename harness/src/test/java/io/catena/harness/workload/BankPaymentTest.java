package io.catena.harness.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.catena.core.data.ChainKey;
import io.catena.core.data.Row;
import io.catena.core.data.RowKey;
import io.catena.core.exec.AbortAnalysis;
import io.catena.core.procedure.ProcedureRegistry;
import io.catena.core.txn.Hop;
import io.catena.core.txn.TxnPlan;
import io.catena.core.txn.TxnSpec;
import io.catena.harness.workload.WorkloadSpec;
import io.catena.harness.SeededRandom;
import org.junit.jupiter.api.Test;

/**
 * The bank's payment procedure credits its payees first and aborts on the payer's hop when the
 * payer cannot pay them all, after the credits were written; the bank makes its transfers and
 * splits calls of it when asked, and brings it along for every region to register.
 */
class BankPaymentTest {

    private static final BankAccounts ACCOUNTS = new BankAccounts(4, 0);

    private static SerialChain chainWithBalances(long... balances) {
        SerialChain chain = new SerialChain(ProcedureRegistry.of(new BankPayment(ACCOUNTS)));
        for (int i = 0; i < balances.length; i++) {
            chain.put(ACCOUNTS.account(i), Row.of(BankWorkload.COLUMN, balances[i]));
        }
        return chain;
    }

    private static long balance(SerialChain chain, int account) {
        return chain.row(ACCOUNTS.account(account)).getLong(BankWorkload.COLUMN, -1);
    }

    @Test
    void theChainVisitsThePayeesFirstAndThePayerLast() {
        TxnPlan plan = chainWithBalances().plan(BankPayment.call(2, new int[] {0, 3}, 5));

        assertThat(plan.hops()).extracting(Hop::key).containsExactly(ACCOUNTS.account(0).chainKey(),
                ACCOUNTS.account(3).chainKey(), ACCOUNTS.account(2).chainKey());
        assertThat(AbortAnalysis.mayAbortAfter(BankPayment.call(2, new int[] {0, 3}, 5), plan, 0)).isTrue();
    }

    @Test
    void aPayerWhoHoldsTheSumPaysEveryPayee() {
        SerialChain chain = chainWithBalances(100, 100, 100, 100);

        SerialChain.Run run = chain.run(BankPayment.call(2, new int[] {0, 3}, 30));

        assertThat(run.aborted()).isFalse();
        assertThat(new long[] {balance(chain, 0), balance(chain, 1), balance(chain, 2), balance(chain, 3)})
                .containsExactly(130, 100, 40, 130);
    }

    @Test
    void aPayerShortOfTheSumAbortsTheCallOnItsLastHopAfterTheCreditsWereWritten() {
        SerialChain chain = chainWithBalances(100, 100, 59, 100);

        SerialChain.Run run = chain.run(BankPayment.call(2, new int[] {0, 3}, 30));

        assertThat(run.abortedAt()).isEqualTo(2);
        assertThat(run.hops().get(0).writes()).hasSize(1);
        assertThat(run.hops().get(1).writes()).hasSize(1);
        assertThat(run.hops().get(2).abortReason()).contains("holds 59, less than the 60");
        assertThat(new long[] {balance(chain, 0), balance(chain, 2), balance(chain, 3)}).containsExactly(100, 59, 100);
    }

    @Test
    void aPayerInAPayeesBranchPaysOnThatBranchsHop() {
        BankAccounts branches = new BankAccounts(4, 2);
        SerialChain chain = new SerialChain(ProcedureRegistry.of(new BankPayment(branches)));
        for (int i = 0; i < 4; i++) {
            chain.put(branches.account(i), Row.of(BankWorkload.COLUMN, 10));
        }

        TxnSpec.ProcedureCall call = BankPayment.call(2, new int[] {1, 0}, 20);
        SerialChain.Run run = chain.run(call);

        assertThat(run.plan().hops()).extracting(Hop::key)
                .containsExactly(ChainKey.of(BankWorkload.TABLE, "b1"), ChainKey.of(BankWorkload.TABLE, "b0"));
        assertThat(run.abortedAt()).as("account 2 lives in branch b0 with payee 0").isEqualTo(1);
    }

    @Test
    void callsThatMakeNoSenseAreRejectedBeforeTheyRun() {
        SerialChain chain = chainWithBalances();

        assertThatThrownBy(() -> chain.plan(BankPayment.call(1, new int[] {1}, 5))).hasMessageContaining("differ");
        assertThatThrownBy(() -> chain.plan(BankPayment.call(1, new int[] {7}, 5)))
                .hasMessageContaining("not one of the 4 accounts");
        assertThatThrownBy(() -> chain.plan(BankPayment.call(1, new int[] {2}, 0))).hasMessageContaining("at least 1");
    }

    @Test
    void aBankWithCallsPaysThroughTheProcedureItRegisters() {
        Workload bank = WorkloadSpec.parse("bank:calls=1,split=0.5,audit=0").create(1);
        SeededRandom random = new SeededRandom(9);

        for (int i = 0; i < 20; i++) {
            ClientTxn payment = bank.next(random, new UniqueValues(1));
            TxnSpec.ProcedureCall call = (TxnSpec.ProcedureCall) payment.spec();
            TxnPlan plan = new SerialChain(bank).plan(call);
            RowKey payer = payment.steps().get(payment.steps().size() - 1).key();

            assertThat(call.name()).isEqualTo(BankPayment.NAME);
            assertThat(bank.procedures().find(BankPayment.NAME, BankPayment.VERSION)).isPresent();
            assertThat(plan.hop(plan.size() - 1).key()).isEqualTo(payer.chainKey());
            assertThat(payment.steps()).as("an add per hop, and the payer's balance before its debit")
                    .hasSize(plan.size() + 1);
        }
    }
}
