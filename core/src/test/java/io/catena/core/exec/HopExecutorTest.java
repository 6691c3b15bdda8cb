package io.catena.core.exec;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.core.data.ChainKey;
import io.catena.core.data.Datum;
import io.catena.core.data.Row;
import io.catena.core.data.RowDigest;
import io.catena.core.data.RowKey;
import io.catena.core.data.RowWrite;
import io.catena.core.data.Version;
import io.catena.core.data.VersionedPartition;
import io.catena.core.procedure.HopContext;
import io.catena.core.procedure.Procedure;
import io.catena.core.procedure.ProcedureRegistry;
import io.catena.core.txn.Access;
import io.catena.core.txn.Condition;
import io.catena.core.txn.Hop;
import io.catena.core.txn.Op;
import io.catena.core.txn.TxnPlan;
import io.catena.core.txn.TxnPlanner;
import io.catena.core.txn.TxnResult;
import io.catena.core.txn.TxnSpec;
import io.catena.core.txn.UpdateFn;
import java.util.List;
import java.util.SortedMap;
import org.junit.jupiter.api.Test;

class HopExecutorTest {

    private static final ChainKey A = ChainKey.of("accounts", "a");
    private static final ChainKey B = ChainKey.of("accounts", "b");

    private static PartitionView view(ChainKey key, Row row) {
        VersionedPartition p = new VersionedPartition(key);
        if (row != null) {
            p.apply(Version.of(1, 0), List.of(RowWrite.put("", row)));
        }
        return latest(p);
    }

    private final TxnPlanner planner = new TxnPlanner(ProcedureRegistry.of(new Transfer()));
    private final HopExecutor executor = new HopExecutor(planner);

    @Test
    void adHocOpsOnAKeyRunInOrderAndReadTheirOwnWrites() {
        TxnSpec spec = new TxnSpec.AdHoc(List.of(
                new Op.Update(RowKey.of("accounts", "a"), new UpdateFn.Add("balance", -30)),
                new Op.Read(RowKey.of("accounts", "a")),
                new Op.Update(RowKey.of("accounts", "b"), new UpdateFn.Add("balance", 30))));
        TxnPlan plan = planner.plan(spec).plan();
        HopOutcome out = executor.execute(spec, plan, 0, view(A, Row.of("balance", 100)), Row.EMPTY);
        assertThat(out.aborted()).isFalse();
        assertThat(out.reads()).hasSize(1);
        assertThat(out.reads().get(0).row().getLong("balance", -1)).isEqualTo(70);
        assertThat(out.writes()).containsExactly(RowWrite.put("", Row.of("balance", 70)));
    }

    @Test
    void aFailedCheckAbortsWithoutWrites() {
        TxnSpec spec = new TxnSpec.AdHoc(List.of(
                new Op.Check(RowKey.of("accounts", "a"), new Condition.Compare("balance", Condition.Comparison.GE, Datum.of(500))),
                new Op.Update(RowKey.of("accounts", "a"), new UpdateFn.Add("balance", -500))));
        HopOutcome out = executor.execute(spec, planner.plan(spec).plan(), 0, view(A, Row.of("balance", 100)), Row.EMPTY);
        assertThat(out.aborted()).isTrue();
        assertThat(out.abortReason()).isEqualTo("accounts/a: balance >= 500 failed (balance is 100)");
        assertThat(out.writes()).isEmpty();
        assertThat(out.reads()).as("the row the failed check compared").singleElement()
                .satisfies(r -> assertThat(r.row().getLong("balance", -1)).isEqualTo(100));
    }

    @Test
    void aCheckThatHoldsReportsTheRowItCompared() {
        TxnSpec spec = new TxnSpec.AdHoc(List.of(
                new Op.Check(RowKey.of("accounts", "a"), new Condition.Compare("balance", Condition.Comparison.GE, Datum.of(50))),
                new Op.Update(RowKey.of("accounts", "a"), new UpdateFn.Add("balance", -50))));
        HopOutcome out = executor.execute(spec, planner.plan(spec).plan(), 0, view(A, Row.of("balance", 100)), Row.EMPTY);
        assertThat(out.aborted()).isFalse();
        assertThat(out.reads()).singleElement()
                .satisfies(r -> assertThat(r.row().getLong("balance", -1)).isEqualTo(100));
    }

    @Test
    void aFailedCheckSaysWhatWasMissing() {
        TxnSpec spec = new TxnSpec.AdHoc(List.of(
                new Op.Check(RowKey.of("accounts", "a"), new Condition.Compare("owner", Condition.Comparison.EQ, Datum.of("x"))),
                new Op.Check(RowKey.of("accounts", "b"), new Condition.Exists())));
        TxnPlan plan = planner.plan(spec).plan();
        assertThat(executor.execute(spec, plan, plan.indexOf(A), view(A, Row.of("balance", 1)), Row.EMPTY).abortReason())
                .isEqualTo("accounts/a: owner == \"x\" failed (owner is absent)");
        assertThat(executor.execute(spec, plan, plan.indexOf(B), view(B, null), Row.EMPTY).abortReason())
                .isEqualTo("accounts/b: the row must exist and does not");
    }

    @Test
    void anUnchangedRowPassesSilentlyAndAChangedOneIsAConflict() {
        Row read = Row.of("balance", 100);
        TxnSpec spec = new TxnSpec.AdHoc(List.of(
                new Op.Check(RowKey.of("accounts", "a"), new Condition.Unchanged(RowDigest.of(read))),
                new Op.Write(RowKey.of("accounts", "a"), Row.of("balance", 90))));
        TxnPlan plan = planner.plan(spec).plan();
        HopOutcome same = executor.execute(spec, plan, 0, view(A, Row.of("balance", 100)), Row.EMPTY);
        assertThat(same.aborted()).isFalse();
        assertThat(same.reads()).as("the client holds what it read").isEmpty();
        assertThat(same.writes()).containsExactly(RowWrite.put("", Row.of("balance", 90)));

        HopOutcome changed = executor.execute(spec, plan, 0, view(A, Row.of("balance", 101)), Row.EMPTY);
        assertThat(changed.aborted()).isTrue();
        assertThat(TxnResult.isConflict(changed.abortReason())).isTrue();
        assertThat(changed.abortReason()).isEqualTo("conflict: accounts/a: changed after the transaction read it");
        assertThat(changed.writes()).isEmpty();

        TxnSpec absent = new TxnSpec.AdHoc(List.of(
                new Op.Check(RowKey.of("accounts", "a"), new Condition.Unchanged(RowDigest.ABSENT)),
                new Op.Insert(RowKey.of("accounts", "a"), Row.of("balance", 1))));
        assertThat(executor.execute(absent, plan, 0, view(A, null), Row.EMPTY).aborted()).isFalse();
        assertThat(executor.execute(absent, plan, 0, view(A, Row.EMPTY), Row.EMPTY).aborted()).isTrue();
    }

    @Test
    void aPartitionCheckSeesARowThatAppeared() {
        VersionedPartition p = new VersionedPartition(A);
        p.apply(Version.of(1, 0), List.of(RowWrite.put("o1", Row.of("n", 1))));
        RowDigest read = RowDigest.ofRows(p.snapshot(p.latest()));
        TxnSpec spec = new TxnSpec.AdHoc(List.of(new Op.CheckPartition(A, read),
                new Op.Write(RowKey.of("accounts", "a", "o2"), Row.of("n", 2))));
        TxnPlan plan = planner.plan(spec).plan();
        assertThat(executor.execute(spec, plan, 0, latest(p), Row.EMPTY).aborted()).isFalse();
        p.apply(Version.of(2, 0), List.of(RowWrite.put("o9", Row.of("n", 9))));
        HopOutcome phantom = executor.execute(spec, plan, 0, latest(p), Row.EMPTY);
        assertThat(phantom.aborted()).isTrue();
        assertThat(phantom.abortReason()).startsWith(TxnResult.CONFLICT_PREFIX).contains("partition changed");
    }

    private static PartitionView latest(VersionedPartition p) {
        return new PartitionView() {
            @Override
            public Row read(String clustering) {
                return p.read(clustering, p.latest());
            }

            @Override
            public SortedMap<String, Row> scan(String from, String to) {
                return p.scan(from, to, p.latest());
            }
        };
    }

    @Test
    void insertingAnExistingRowAbortsAndDeletingWritesATombstone() {
        TxnSpec insert = new TxnSpec.AdHoc(List.of(new Op.Insert(RowKey.of("accounts", "a"), Row.of("balance", 1))));
        assertThat(executor.execute(insert, planner.plan(insert).plan(), 0, view(A, Row.of("balance", 5)), Row.EMPTY)
                .aborted()).isTrue();
        TxnSpec delete = new TxnSpec.AdHoc(List.of(new Op.Delete(RowKey.of("accounts", "a"))));
        HopOutcome out = executor.execute(delete, planner.plan(delete).plan(), 0, view(A, Row.of("balance", 5)), Row.EMPTY);
        assertThat(out.writes()).containsExactly(RowWrite.delete(""));
    }

    @Test
    void procedureHopsCarryValuesForward() {
        TxnSpec spec = new TxnSpec.ProcedureCall("transfer", 1, Row.of("amount", 25));
        TxnPlan plan = planner.plan(spec).plan();
        HopOutcome first = executor.execute(spec, plan, 0, view(A, Row.of("balance", 100)), Row.EMPTY);
        assertThat(first.carryOut().getLong("debited", -1)).isEqualTo(25);
        HopOutcome second = executor.execute(spec, plan, 1, view(B, Row.of("balance", 0)), first.carryOut());
        assertThat(second.writes()).containsExactly(RowWrite.put("", Row.of("balance", 25)));
        assertThat(second.outputs().getLong("new_balance", -1)).isEqualTo(25);
    }

    @Test
    void aProcedureAbortIsDeterministicAndDropsTheHopsWrites() {
        TxnSpec spec = new TxnSpec.ProcedureCall("transfer", 1, Row.of("amount", 500));
        HopOutcome out = executor.execute(spec, planner.plan(spec).plan(), 0, view(A, Row.of("balance", 100)), Row.EMPTY);
        assertThat(out.aborted()).isTrue();
        assertThat(out.abortReason()).isEqualTo("insufficient funds");
        assertThat(out.writes()).isEmpty();
    }

    @Test
    void arithmeticOverflowAbortsInsteadOfCrashing() {
        TxnSpec spec = new TxnSpec.AdHoc(List.of(new Op.Update(RowKey.of("accounts", "a"), new UpdateFn.Add("balance", 1))));
        HopOutcome out = executor.execute(spec, planner.plan(spec).plan(), 0, view(A, Row.of("balance", Long.MAX_VALUE)), Row.EMPTY);
        assertThat(out.aborted()).isTrue();
    }

    /** Moves money from account a to account b; aborts deterministically when a lacks it. */
    private static final class Transfer implements Procedure {
        @Override
        public String name() {
            return "transfer";
        }

        @Override
        public int version() {
            return 1;
        }

        @Override
        public List<Hop> hops(Row args) {
            return List.of(new Hop(A, Access.READ_WRITE), new Hop(B, Access.READ_WRITE));
        }

        @Override
        public void executeHop(int hopIndex, HopContext ctx) {
            long amount = ctx.args().getLong("amount", 0);
            Row row = ctx.read("");
            long balance = row == null ? 0 : row.getLong("balance", 0);
            if (hopIndex == 0) {
                if (balance < amount) {
                    ctx.write("", Row.of("balance", 0));
                    ctx.abort("insufficient funds");
                    return;
                }
                ctx.write("", Row.of("balance", balance - amount));
                ctx.carry("debited", Datum.of(amount));
            } else {
                long credited = ctx.carried().getLong("debited", 0);
                ctx.write("", Row.of("balance", balance + credited));
                ctx.output("new_balance", Datum.of(balance + credited));
            }
        }
    }
}
