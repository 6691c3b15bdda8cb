package io.catena.core.exec;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.core.data.Datum;
import io.catena.core.data.Row;
import io.catena.core.data.RowKey;
import io.catena.core.procedure.ProcedureRegistry;
import io.catena.core.txn.Condition;
import io.catena.core.txn.Op;
import io.catena.core.txn.TxnPlan;
import io.catena.core.txn.TxnPlanner;
import io.catena.core.txn.TxnSpec;
import io.catena.core.txn.UpdateFn;
import java.util.List;
import org.junit.jupiter.api.Test;

class AbortAnalysisTest {

    private final TxnPlanner planner = new TxnPlanner(ProcedureRegistry.empty());

    @Test
    void onlyLaterHopsThatCanFailCount() {
        TxnSpec spec = new TxnSpec.AdHoc(List.of(
                new Op.Check(RowKey.of("t", "a"), new Condition.Exists()),
                new Op.Update(RowKey.of("t", "b"), new UpdateFn.SetField("v", Datum.of("x"))),
                new Op.Update(RowKey.of("t", "c"), new UpdateFn.Add("n", 1)),
                new Op.Write(RowKey.of("t", "d"), Row.of("v", 1))));
        TxnPlan plan = planner.plan(spec).plan();
        assertThat(AbortAnalysis.mayAbortAfter(spec, plan, 0)).isTrue();
        assertThat(AbortAnalysis.mayAbortAfter(spec, plan, 1)).as("the add on c may overflow").isTrue();
        assertThat(AbortAnalysis.mayAbortAfter(spec, plan, 2)).isFalse();
        assertThat(AbortAnalysis.mayAbortAfter(spec, plan, 3)).isFalse();
    }

    @Test
    void proceduresMayAbortAtAnyLaterHop() {
        TxnSpec call = new TxnSpec.ProcedureCall("p", 1, Row.EMPTY);
        TxnPlan plan = planner.plan(new TxnSpec.AdHoc(List.of(new Op.Read(RowKey.of("t", "a")),
                new Op.Read(RowKey.of("t", "b"))))).plan();
        assertThat(AbortAnalysis.mayAbortAfter(call, plan, 0)).isTrue();
        assertThat(AbortAnalysis.mayAbortAfter(call, plan, 1)).isFalse();
    }
}
