package io.catena.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.catena.core.data.ChainKey;
import io.catena.core.data.Datum;
import io.catena.core.data.Row;
import io.catena.core.data.RowKey;
import io.catena.core.data.Version;
import io.catena.core.txn.Condition;
import io.catena.core.txn.Op;
import io.catena.core.txn.TxnPlanner;
import io.catena.core.txn.TxnSpec;
import io.catena.core.txn.UpdateFn;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/** The builders turn calls into the data a coordinator runs, and refuse what can never run. */
class BuilderValidationTest {

    private static final RowKey ALICE = RowKey.of("accounts", "alice");
    private static final RowKey BOB = RowKey.of("accounts", "bob");

    /** Records what would be sent instead of sending it. */
    private final List<TxnSpec> specs = new ArrayList<>();
    private final List<Version> floors = new ArrayList<>();
    private final List<List<ChainKey>> partitionsRead = new ArrayList<>();
    private final Requests requests = new Requests() {
        @Override
        public CompletableFuture<TxnOutcome> run(TxnSpec spec) {
            specs.add(spec);
            return new CompletableFuture<>();
        }

        @Override
        public CompletableFuture<SnapshotResult> read(List<RowKey> keys, List<ChainKey> partitions, Version atLeast) {
            floors.add(atLeast);
            partitionsRead.add(partitions);
            specs.add(new TxnSpec.AdHoc(keys.stream().<Op>map(Op.Read::new).toList()));
            return new CompletableFuture<>();
        }
    };

    @Test
    void everyOperationBecomesItsCoreOp() {
        OperationList t = new OperationList(requests)
                .read(ALICE)
                .put(BOB, Map.of("balance", 5L, "owner", "Bob"))
                .insert(RowKey.of("accounts", "carol"), Map.of("balance", 0))
                .delete(RowKey.of("accounts", "dave"))
                .add(ALICE, "balance", -10)
                .set(ALICE, "owner", "Alice")
                .append(ALICE, "history", List.of(1, 2))
                .checkExists(ALICE)
                .checkAbsent(RowKey.of("accounts", "eve"))
                .check(ALICE, "balance", Condition.Comparison.GE, 10);
        t.commitAsync();

        assertThat(specs).containsExactly(new TxnSpec.AdHoc(List.of(
                new Op.Read(ALICE),
                new Op.Write(BOB, Row.of(Map.of("balance", Datum.of(5), "owner", Datum.of("Bob")))),
                new Op.Insert(RowKey.of("accounts", "carol"), Row.of("balance", 0)),
                new Op.Delete(RowKey.of("accounts", "dave")),
                new Op.Update(ALICE, new UpdateFn.Add("balance", -10)),
                new Op.Update(ALICE, new UpdateFn.SetField("owner", Datum.of("Alice"))),
                new Op.Update(ALICE, new UpdateFn.Append("history", Datum.of(List.of(Datum.of(1), Datum.of(2))))),
                new Op.Check(ALICE, new Condition.Exists()),
                new Op.Check(RowKey.of("accounts", "eve"), new Condition.Absent()),
                new Op.Check(ALICE, new Condition.Compare("balance", Condition.Comparison.GE, Datum.of(10))))));
    }

    @Test
    void badInputIsRefusedAtTheCallThatBroughtIt() {
        OperationList t = new OperationList(requests);
        assertInvalid(() -> t.read(null), "a row key is null");
        assertInvalid(() -> t.delete(null), "a row key is null");
        assertInvalid(() -> t.read(RowKey.of("__catena_answers", "x")), "table __catena_answers is reserved");
        assertInvalid(() -> t.add(ALICE, "", 1), "a column name on accounts/alice is empty");
        assertInvalid(() -> t.set(ALICE, null, 1), "a column name on accounts/alice is null");
        assertInvalid(() -> t.set(ALICE, "owner", null), "the value for column 'owner' of accounts/alice is null");
        assertInvalid(() -> t.set(ALICE, "price", new BigDecimal("1.5")), "is a java.math.BigDecimal");
        assertInvalid(() -> t.append(ALICE, "tags", List.of(1.5)), "an element of the value for column 'tags'");
        assertInvalid(() -> t.put(ALICE, (Map<String, ?>) null), "the columns for accounts/alice are null");
        Map<String, Object> withNull = new HashMap<>();
        withNull.put("owner", null);
        assertInvalid(() -> t.put(ALICE, withNull), "column 'owner' of accounts/alice is null");
        assertInvalid(() -> t.check(ALICE, (Condition) null), "the condition of check() on accounts/alice is null");
        assertInvalid(() -> t.check(ALICE, "balance", null, 1), "the comparison of check() on accounts/alice is null");
        assertThat(t.operations()).as("nothing bad was added").isEmpty();
    }

    @Test
    void anEmptyTransactionIsRefusedAtCommit() {
        assertInvalid(() -> new OperationList(requests).commit(), "it has no operation");
        assertInvalid(() -> new OperationList(requests).commitAsync(), "it has no operation");
        assertThat(specs).isEmpty();
    }

    @Test
    void tooManyPartitionsAreRefusedAtTheFirstOneTooMany() {
        OperationList t = new OperationList(requests);
        for (int i = 0; i < TxnPlanner.MAX_HOPS; i++) {
            t.read(RowKey.of("t", "p" + i)).add(RowKey.of("t", "p" + i, "row2"), "n", 1);
        }
        assertInvalid(() -> t.read(RowKey.of("t", "one-too-many")), "would touch more than 64 partitions");
        assertThat(t.operations()).hasSize(2 * TxnPlanner.MAX_HOPS);
    }

    @Test
    void aTransactionCommitsOnce() {
        OperationList t = new OperationList(requests).read(ALICE);
        t.commitAsync();
        assertThatThrownBy(t::commitAsync).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("already committed");
        assertThatThrownBy(() -> t.read(BOB)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("read() cannot change it");
        assertThat(specs).hasSize(1);
    }

    @Test
    void aPreparedCallSendsItsArgumentsAsTheyAreAtEachExecution() {
        PreparedCall call = new PreparedCall(requests, "transfer", 2)
                .set("from", "alice").set("amount", 10L).set("tags", List.of("x"));
        call.executeAsync();
        call.set("amount", 20).clear().set("to", "bob");
        call.executeAsync();

        assertThat(specs).containsExactly(
                new TxnSpec.ProcedureCall("transfer", 2, Row.of(Map.of("from", Datum.of("alice"),
                        "amount", Datum.of(10), "tags", Datum.of(List.of(Datum.of("x")))))),
                new TxnSpec.ProcedureCall("transfer", 2, Row.of("to", "bob")));
        assertThat(call.procedure()).isEqualTo("transfer");
        assertThat(call.version()).isEqualTo(2);
    }

    @Test
    void aPreparedCallRefusesMissingNamesAndValues() {
        assertInvalid(() -> new PreparedCall(requests, "", 1), "the procedure name is empty");
        assertInvalid(() -> new PreparedCall(requests, null, 1), "the procedure name is null");
        PreparedCall call = new PreparedCall(requests, "p", 1);
        assertInvalid(() -> call.set(null, 1L), "an argument name of p is null");
        assertInvalid(() -> call.set("s", (String) null), "argument 's' of p is null");
        assertInvalid(() -> call.set("d", (Datum) null), "argument 'd' of p is null");
    }

    @Test
    void aSnapshotNeedsRowsAndKeepsTheNewestFloorAskedFor() {
        assertInvalid(() -> new Snapshot(requests).executeAsync(), "names no row or partition");
        assertInvalid(() -> new Snapshot(requests).read((RowKey) null), "a row key of the snapshot read is null");
        assertInvalid(() -> new Snapshot(requests).atLeast(null), "the version of atLeast() is null");
        new Snapshot(requests).read(List.of(ALICE, BOB)).atLeast(Version.of(9, 0)).atLeast(Version.of(3, 0))
                .executeAsync();
        assertThat(floors).containsExactly(Version.of(9, 0));
        assertThat(specs).containsExactly(new TxnSpec.AdHoc(List.of(new Op.Read(ALICE), new Op.Read(BOB))));
    }

    @Test
    void aSnapshotReadsPartitionsOnceEachAloneOrNextToRows() {
        ChainKey d7 = ChainKey.of("orders", "d7");
        ChainKey d8 = ChainKey.of("orders", "d8");
        assertInvalid(() -> new Snapshot(requests).readPartition((ChainKey) null), "a partition of the snapshot read is null");
        assertInvalid(() -> new Snapshot(requests).readPartition((List<ChainKey>) null), "the collection of partitions is null");
        assertInvalid(() -> new Snapshot(requests).readPartition(ChainKey.of("__catena_answers", "x")),
                "table __catena_answers is reserved for Catena's own use");
        assertInvalid(() -> new Snapshot(requests).readPartition(Arrays.asList(d7, null)),
                "a partition of the snapshot read is null");

        new Snapshot(requests).readPartition(d7).executeAsync();
        new Snapshot(requests).read(ALICE).readPartition(List.of(d8, d7)).readPartition(d8).executeAsync();

        assertThat(partitionsRead).containsExactly(List.of(d7), List.of(d8, d7));
        assertThat(specs).containsExactly(new TxnSpec.AdHoc(List.of()), new TxnSpec.AdHoc(List.of(new Op.Read(ALICE))));
    }

    private static void assertInvalid(Runnable call, String problem) {
        assertThatThrownBy(call::run).isInstanceOfSatisfying(InvalidTransactionException.class, e -> {
            assertThat(e.getMessage()).contains(problem);
            assertThat(e.isRetryable()).isFalse();
            assertThat(e.requestId()).isNull();
        });
    }
}
