package io.catena.harness.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.catena.core.data.Datum;
import io.catena.core.txn.Access;
import io.catena.core.txn.Op;
import io.catena.core.txn.TxnSpec;
import io.catena.core.txn.UpdateFn;
import io.catena.harness.workload.WorkloadSpec;
import io.catena.harness.SeededRandom;
import org.junit.jupiter.api.Test;

/** Padding makes transactions large without changing what they do or what the history records. */
class PaddedWorkloadTest {

    @Test
    void paddingSetsAColumnOfARowTheTransactionWritesAndLeavesTheStepsAlone() {
        Workload padded = WorkloadSpec.parse("list-append:pad=500,padShare=1,ro=0").create(1);
        SeededRandom a = new SeededRandom(42);
        UniqueValues ua = new UniqueValues(1);
        for (int i = 0; i < 50; i++) {
            ClientTxn txn = padded.next(a, ua);
            TxnSpec.AdHoc spec = (TxnSpec.AdHoc) txn.spec();
            Op pad = spec.ops().get(spec.ops().size() - 1);

            assertThat(pad).isInstanceOfSatisfying(Op.Update.class, u -> {
                UpdateFn.SetField set = (UpdateFn.SetField) u.fn();
                assertThat(set.column()).isEqualTo(PaddedWorkload.COLUMN);
                assertThat(((Datum.Text) set.value()).value().length()).isBetween(250, 500);
            });
            assertThat(spec.ops().subList(0, spec.ops().size() - 1))
                    .anyMatch(op -> op.key().equals(pad.key()) && op.access() != Access.READ);
            assertThat(txn.steps()).noneMatch(step -> step.column().equals(PaddedWorkload.COLUMN));
        }
    }

    @Test
    void paddingParametersAreKnownToEveryWorkload() {
        for (String name : new String[] {"list-append", "bank", "kv"}) {
            assertThat(WorkloadSpec.parse(name + ":pad=100").create(1)).isInstanceOf(PaddedWorkload.class);
        }
        assertThatThrownBy(() -> WorkloadSpec.parse("bank:padding=100"))
                .hasMessageContaining("there is no parameter 'padding'").hasMessageContaining("pad, padShare");
    }
}
