package io.catena.harness.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.catena.core.txn.Op;
import io.catena.core.txn.TxnSpec;
import io.catena.harness.check.OpFunction;
import io.catena.harness.workload.WorkloadSpec;
import io.catena.harness.SeededRandom;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The kv workload's two write forms: read-modify-write for the checker, blind for the paper's figures. */
class KeyValueWorkloadTest {

    @Test
    void aReadModifyWriteReadsTheRecordJustBeforeItWritesItInTheSameHop() {
        Workload kv = WorkloadSpec.parse("kv:records=20,min=2,max=4").create(1);
        SeededRandom random = new SeededRandom(7);
        UniqueValues unique = new UniqueValues(1);
        int writes = 0;
        for (int i = 0; i < 200; i++) {
            ClientTxn txn = kv.next(random, unique);
            List<Op> ops = ((TxnSpec.AdHoc) txn.spec()).ops();
            for (int j = 0; j < ops.size(); j++) {
                if (ops.get(j) instanceof Op.Update update) {
                    writes++;
                    assertThat(ops.get(j - 1)).isEqualTo(new Op.Read(update.key()));
                    Step write = txn.steps().get(j);
                    assertThat(write.function()).isEqualTo(OpFunction.WRITE);
                    assertThat(txn.steps().get(j - 1)).isEqualTo(Step.read(update.key(), KeyValueWorkload.VALUE));
                }
            }
        }
        assertThat(writes).isGreaterThan(200);
    }

    @Test
    void bothFormsPickTheSameRecordsAndValuesSoASeedMeansTheSameRun() {
        assertThat(written("kv:records=50,min=1,max=4,ro=0.2")).isEqualTo(written("kv:records=50,min=1,max=4,ro=0.2,"
                + "writes=blind"));
    }

    @Test
    void theBlindFormWritesWithoutReading() {
        Workload kv = WorkloadSpec.parse("kv:records=20,min=1,max=4,write=1,writes=blind").create(1);
        ClientTxn txn = kv.next(new SeededRandom(3), new UniqueValues(1));
        assertThat(((TxnSpec.AdHoc) txn.spec()).ops()).allMatch(op -> op instanceof Op.Update);
        assertThat(txn.steps()).allMatch(step -> step.function() == OpFunction.WRITE);
    }

    @Test
    void anUnknownFormIsRefusedInOneSentence() {
        assertThatThrownBy(() -> WorkloadSpec.parse("kv:writes=sometimes"))
                .hasMessage("workload kv: writes must be rmw or blind, not sometimes");
    }

    /** The writes and reads-only of 300 transactions, in order, leaving out the reads of read-modify-writes. */
    private static List<String> written(String spec) {
        Workload kv = WorkloadSpec.parse(spec).create(1);
        SeededRandom random = new SeededRandom(11);
        UniqueValues unique = new UniqueValues(1);
        List<String> out = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            ClientTxn txn = kv.next(random, unique);
            List<Step> steps = txn.steps();
            for (int j = 0; j < steps.size(); j++) {
                boolean readBeforeWrite = j + 1 < steps.size() && steps.get(j + 1).function() == OpFunction.WRITE
                        && steps.get(j + 1).key().equals(steps.get(j).key());
                if (!readBeforeWrite) {
                    out.add(steps.get(j).function() + " " + steps.get(j).key() + " " + steps.get(j).value());
                }
            }
            out.add("--");
        }
        return out;
    }
}
