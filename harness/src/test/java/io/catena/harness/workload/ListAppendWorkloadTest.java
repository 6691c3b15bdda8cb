package io.catena.harness.workload;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.core.exec.AbortAnalysis;
import io.catena.core.txn.Op;
import io.catena.core.txn.TxnPlan;
import io.catena.core.txn.TxnSpec;
import io.catena.harness.check.OpFunction;
import io.catena.harness.workload.WorkloadSpec;
import io.catena.harness.SeededRandom;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * List appends that end on a claim: the insert, free or read of a claim comes on the last hop,
 * after the appends, and an insert aborts the transaction when its claim is taken, which with
 * few claims happens often but not always.
 */
class ListAppendWorkloadTest {

    @Test
    void withoutClaimsNoTransactionTouchesTheClaimsTable() {
        Workload lists = WorkloadSpec.parse("list-append").create(1);
        SeededRandom random = new SeededRandom(1);
        UniqueValues unique = new UniqueValues(1);

        for (int i = 0; i < 200; i++) {
            ClientTxn txn = lists.next(random, unique);
            assertThat(txn.steps()).noneMatch(s -> s.key().chainKey().table().equals(ListAppendWorkload.CLAIMS));
        }
        assertThat(lists.tables()).containsExactly(ListAppendWorkload.TABLE);
    }

    @Test
    void aClaimComesOnTheLastHopAfterTheAppends() {
        Workload lists = WorkloadSpec.parse("list-append:insert=1,ro=0,claims=2").create(1);
        SeededRandom random = new SeededRandom(2);
        UniqueValues unique = new UniqueValues(1);
        SerialChain chain = new SerialChain(lists);
        int inserts = 0;
        int frees = 0;
        int reads = 0;
        for (int i = 0; i < 200; i++) {
            TxnSpec.AdHoc txn = (TxnSpec.AdHoc) lists.next(random, unique).spec();
            List<Op> ops = txn.ops();
            Op last = ops.get(ops.size() - 1);
            TxnPlan plan = chain.plan(txn);

            assertThat(last.key().chainKey().table()).isEqualTo(ListAppendWorkload.CLAIMS);
            assertThat(plan.indexOf(last.key().chainKey())).isEqualTo(plan.size() - 1).isPositive();
            assertThat(ops.get(0).key().chainKey().table()).isEqualTo(ListAppendWorkload.TABLE);
            inserts += last instanceof Op.Insert ? 1 : 0;
            frees += last instanceof Op.Delete ? 1 : 0;
            reads += last instanceof Op.Read ? 1 : 0;
            if (last instanceof Op.Insert) {
                assertThat(AbortAnalysis.mayAbortAfter(txn, plan, 0)).isTrue();
            }
        }
        assertThat(inserts).isGreaterThan(frees).isGreaterThan(40);
        assertThat(frees).isPositive();
        assertThat(reads).isPositive();
        assertThat(lists.tables()).containsExactly(ListAppendWorkload.TABLE, ListAppendWorkload.CLAIMS);
    }

    @Test
    void anInsertOfATakenClaimAbortsAfterTheAppendsWereWrittenAndAFreedOneCanBeTakenAgain() {
        Workload lists = WorkloadSpec.parse("list-append:insert=1,ro=0,claims=2").create(1);
        SeededRandom random = new SeededRandom(3);
        UniqueValues unique = new UniqueValues(1);
        SerialChain chain = new SerialChain(lists);
        int insertsAborted = 0;
        int insertsCommitted = 0;
        for (int i = 0; i < 300; i++) {
            ClientTxn txn = lists.next(random, unique);
            TxnSpec.AdHoc adHoc = (TxnSpec.AdHoc) txn.spec();
            SerialChain.Run run = chain.run(adHoc);
            boolean insert = adHoc.ops().get(adHoc.ops().size() - 1) instanceof Op.Insert;

            if (run.aborted()) {
                assertThat(insert).isTrue();
                assertThat(run.abortedAt()).isEqualTo(run.plan().size() - 1).isPositive();
                assertThat(run.hops().subList(0, run.abortedAt())).as("the appends of earlier hops")
                        .anyMatch(hop -> !hop.writes().isEmpty());
                insertsAborted++;
            } else if (insert) {
                insertsCommitted++;
            }
            assertThat(txn.steps().stream().filter(s -> s.function() == OpFunction.WRITE).count())
                    .isEqualTo(insert ? 1 : 0);
        }
        assertThat(insertsAborted).as("inserts of taken claims").isGreaterThan(20);
        assertThat(insertsCommitted).as("inserts of free claims").isGreaterThan(20);
    }
}
