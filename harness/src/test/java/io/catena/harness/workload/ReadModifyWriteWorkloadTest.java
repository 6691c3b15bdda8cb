package io.catena.harness.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.catena.core.data.ReadResult;
import io.catena.core.data.Row;
import io.catena.core.data.RowDigest;
import io.catena.core.data.RowKey;
import io.catena.core.txn.Condition;
import io.catena.core.txn.Op;
import io.catena.core.txn.TxnResult;
import io.catena.core.txn.TxnSpec;
import io.catena.harness.SeededRandom;
import io.catena.harness.check.Anomaly;
import io.catena.harness.check.CheckReport;
import io.catena.harness.check.HistoryChecker;
import io.catena.harness.check.HistoryEvent;
import io.catena.harness.check.OpFunction;
import io.catena.harness.check.OpValue;
import io.catena.harness.check.TxnOutcome;
import io.catena.harness.check.TxnType;
import io.catena.harness.run.RunHeader;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The interactive read-modify-write workload: what its transactions commit (checks of every row
 * read, first, then fresh values), that core's executor aborts one whose row changed, and that the
 * checker finds the lost update its transactions would make without those checks.
 */
class ReadModifyWriteWorkloadTest {

    @Test
    void aTransactionCommitsAnUnchangedCheckOfEveryRowItReadFirstThenFreshValuesOfRowsItRead() {
        Workload rmw = WorkloadSpec.parse("rmw:keys=6,max=3").create(1);
        SeededRandom random = new SeededRandom(5);
        UniqueValues unique = new UniqueValues(1);
        Set<Integer> readCounts = new HashSet<>();
        for (int i = 0; i < 200; i++) {
            ClientTxn drawn = rmw.next(random, unique);
            assertThat(drawn.awaitsSnapshot()).isTrue();
            assertThat(drawn.isReadOnly()).isFalse();
            List<RowKey> reads = drawn.readOnlyKeys();
            readCounts.add(reads.size());
            // The first register read holds a value, the others are absent (absent from the answer, too).
            Row held = Row.of(ReadModifyWriteWorkload.VALUE, "x" + i);
            ClientTxn committing = drawn.commit(List.of(new ReadResult(reads.get(0), held)));
            List<Op> ops = ((TxnSpec.AdHoc) committing.spec()).ops();
            for (int k = 0; k < reads.size(); k++) {
                RowDigest read = k == 0 ? RowDigest.of(held) : RowDigest.ABSENT;
                assertThat(ops.get(k)).isEqualTo(new Op.Check(reads.get(k), new Condition.Unchanged(read)));
            }
            List<Op> writes = ops.subList(reads.size(), ops.size());
            assertThat(writes).isNotEmpty().allMatch(op -> op instanceof Op.Write && reads.contains(op.key()));
            assertThat(drawn.steps()).allMatch(s -> s.function() == OpFunction.READ).hasSize(reads.size());
            assertThat(committing.steps().subList(reads.size(), committing.steps().size()))
                    .allMatch(s -> s.function() == OpFunction.WRITE).hasSize(writes.size());
        }
        assertThat(readCounts).containsExactlyInAnyOrder(1, 2, 3);
    }

    @Test
    void aTransactionWhoseRowChangedAfterItsSnapshotAbortsWithAConflictAndWritesNothing() {
        Workload rmw = WorkloadSpec.parse("rmw:keys=1,max=1").create(1);
        SerialChain chain = new SerialChain(rmw);
        RowKey register = ReadModifyWriteWorkload.register(0);
        SeededRandom random = new SeededRandom(9);
        UniqueValues unique = new UniqueValues(1);
        List<ReadResult> snapshot = List.of(new ReadResult(register, chain.row(register)));
        ClientTxn first = rmw.next(random, unique).commit(snapshot);
        ClientTxn second = rmw.next(random, unique).commit(snapshot);

        assertThat(chain.run(first.spec()).aborted()).isFalse();
        Row afterFirst = chain.row(register);
        SerialChain.Run run = chain.run(second.spec());

        assertThat(run.aborted()).isTrue();
        assertThat(TxnResult.isConflict(run.hops().get(run.abortedAt()).abortReason())).isTrue();
        assertThat(chain.row(register)).isEqualTo(afterFirst);
    }

    @Test
    void theCheckerFindsTheLostUpdateOfTwoCommitsThatReadTheSameValue() {
        Workload rmw = WorkloadSpec.parse("rmw:keys=1,max=1").create(1);
        HistoryChecker checker = HistoryChecker.builder()
                .header(RunHeader.of("rmw:keys=1,max=1", rmw, List.of("r"))).build();
        SeededRandom random = new SeededRandom(9);
        UniqueValues unique = new UniqueValues(1);
        RowKey register = ReadModifyWriteWorkload.register(0);
        ClientTxn setUp = rmw.next(random, unique).commit(List.of(new ReadResult(register, null)));
        OpValue written = setUp.steps().get(1).value();
        Row held = Row.of(ReadModifyWriteWorkload.VALUE, ((OpValue.Text) written).value());
        List<ReadResult> snapshot = List.of(new ReadResult(register, held));
        ClientTxn first = rmw.next(random, unique).commit(snapshot);
        ClientTxn second = rmw.next(random, unique).commit(snapshot);

        List<HistoryEvent> lostUpdate = List.of(event("t0", setUp, 0, TxnOutcome.COMMITTED),
                event("t1", first, 10, TxnOutcome.COMMITTED), event("t2", second, 10, TxnOutcome.COMMITTED));
        List<HistoryEvent> validated = List.of(lostUpdate.get(0), lostUpdate.get(1),
                event("t2", second, 10, TxnOutcome.ABORTED));

        CheckReport lost = checker.check(lostUpdate);
        assertThat(lost.count(Anomaly.G2)).as(lost.summaryLine()).isPositive();
        CheckReport fine = checker.check(validated);
        assertThat(fine.valid()).as(fine.summaryLine()).isTrue();
        assertThat(fine.info()).containsEntry("register-rmw-links", 2L);
    }

    @Test
    void badParametersAreRefusedInOneSentenceNamingTheAcceptedRange() {
        assertThatThrownBy(() -> WorkloadSpec.parse("rmw:keys=0"))
                .hasMessage("workload rmw: keys must be a whole number from 1 to 2147483647, not 0");
        assertThatThrownBy(() -> WorkloadSpec.parse("rmw:keys=4,max=5"))
                .hasMessage("workload rmw: max must be a whole number from 1 to 4 (no more than keys, and a transaction "
                        + "touches at most 64 partitions), not 5");
        assertThatThrownBy(() -> WorkloadSpec.parse("rmw:write=1.5"))
                .hasMessage("workload rmw: write must be a number from 0 to 1, not 1.5");
        assertThatThrownBy(() -> WorkloadSpec.parse("rmw:reads=2")).hasMessageStartingWith("workload rmw: there is no parameter 'reads'");
    }

    /** The history line a simulated client writes of {@code txn}, in a session of its own. */
    static HistoryEvent event(String id, ClientTxn txn, long invokeMicros, TxnOutcome outcome) {
        TxnResult result = outcome == TxnOutcome.COMMITTED ? TxnResult.committed(List.of(), Row.EMPTY)
                : TxnResult.conflict("rmw/k0: changed after the transaction read it");
        return new HistoryEvent(id, (long) id.hashCode(), "r", TxnType.READ_WRITE, invokeMicros, invokeMicros + 5,
                outcome, null, new ArrayList<>(txn.observed(result)));
    }
}
