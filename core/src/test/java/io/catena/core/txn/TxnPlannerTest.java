package io.catena.core.txn;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.core.data.ChainKey;
import io.catena.core.data.Row;
import io.catena.core.data.RowKey;
import io.catena.core.procedure.ProcedureRegistry;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class TxnPlannerTest {

    private final TxnPlanner planner = new TxnPlanner(ProcedureRegistry.empty());

    @Test
    void adHocHopsFollowFirstAppearanceAndMergeAccessPerKey() {
        TxnSpec spec = new TxnSpec.AdHoc(List.of(
                new Op.Read(RowKey.of("t", "b")),
                new Op.Write(RowKey.of("t", "a"), Row.of("v", 1)),
                new Op.Update(RowKey.of("t", "b", "row2"), new UpdateFn.Add("c", 1))));
        TxnPlan plan = planner.plan(spec).plan();
        assertThat(plan.hops()).containsExactly(
                new Hop(ChainKey.of("t", "b"), Access.READ_WRITE), new Hop(ChainKey.of("t", "a"), Access.WRITE));
    }

    @Test
    void groupingIsTheSameForFewAndForManyOperations() {
        for (int keys : new int[] {3, 20}) {
            List<Op> ops = new ArrayList<>();
            for (int i = keys - 1; i >= 0; i--) {
                ops.add(new Op.Read(RowKey.of("t", "k" + i)));
            }
            for (int i = 0; i < keys; i++) {
                ops.add(new Op.Write(RowKey.of("t", "k" + i, "r"), Row.of("v", i)));
            }
            List<Hop> expected = new ArrayList<>();
            for (int i = keys - 1; i >= 0; i--) {
                expected.add(new Hop(ChainKey.of("t", "k" + i), Access.READ_WRITE));
            }
            assertThat(planner.plan(new TxnSpec.AdHoc(ops)).plan().hops()).as("%d keys", keys)
                    .containsExactlyElementsOf(expected);
        }
    }

    @Test
    void rejectionsSayWhy() {
        assertThat(planner.plan(new TxnSpec.AdHoc(List.of())).rejection()).contains("at least one operation");
        assertThat(planner.plan(new TxnSpec.ProcedureCall("nope", 3, Row.EMPTY)).rejection())
                .isEqualTo("unknown procedure nope version 3");
        assertThat(planner.plan(new TxnSpec.AdHoc(List.of(new Op.Read(RowKey.of("__catena_answers", "x")))))
                .rejection()).contains("reserved");
        List<Op> many = new ArrayList<>();
        for (int i = 0; i <= TxnPlanner.MAX_HOPS; i++) {
            many.add(new Op.Read(RowKey.of("t", "k" + i)));
        }
        assertThat(planner.plan(new TxnSpec.AdHoc(many)).rejection()).contains("at most " + TxnPlanner.MAX_HOPS);
    }
}
