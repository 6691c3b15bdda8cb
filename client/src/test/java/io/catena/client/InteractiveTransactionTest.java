package io.catena.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.catena.core.data.ChainKey;
import io.catena.core.data.Datum;
import io.catena.core.data.ReadResult;
import io.catena.core.data.Row;
import io.catena.core.data.RowDigest;
import io.catena.core.data.RowKey;
import io.catena.core.data.SnapshotRows;
import io.catena.core.data.Version;
import io.catena.core.txn.Condition;
import io.catena.core.txn.Op;
import io.catena.core.txn.TxnSpec;
import io.catena.core.txn.UpdateFn;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/** What an interactive transaction reads, and what its commit sends: the conditions, then the writes. */
class InteractiveTransactionTest {

    private static final RowKey ALICE = RowKey.of("accounts", "alice");
    private static final RowKey BOB = RowKey.of("accounts", "bob");
    private static final ChainKey CARDS = ChainKey.of("cards", "alice");

    /** A region of one snapshot that moves when told to; records the reads and what commits send. */
    private final Map<RowKey, Row> rows = new LinkedHashMap<>();
    private final List<List<RowKey>> reads = new ArrayList<>();
    private final List<TxnSpec> sent = new ArrayList<>();
    private Version version = Version.of(10, 0);
    private final Requests region = new Requests() {
        @Override
        public CompletableFuture<TxnOutcome> run(TxnSpec spec) {
            sent.add(spec);
            return CompletableFuture.completedFuture(new TxnOutcome(null, Version.of(20, 0), false,
                    new ReadRows(List.of()), new ResultRow("outputs", Row.EMPTY)));
        }

        @Override
        public CompletableFuture<SnapshotResult> read(List<RowKey> keys, List<ChainKey> partitions, Version atLeast) {
            reads.add(List.copyOf(keys));
            List<ReadResult> byKey = keys.stream().map(k -> new ReadResult(k, rows.get(k))).toList();
            Map<ChainKey, SortedMap<String, Row>> whole = new LinkedHashMap<>();
            for (ChainKey p : partitions) {
                TreeMap<String, Row> found = new TreeMap<>();
                rows.forEach((k, r) -> {
                    if (k.chainKey().equals(p)) {
                        found.put(k.clustering(), r);
                    }
                });
                whole.put(p, found);
            }
            return CompletableFuture.completedFuture(new SnapshotResult(version, new SnapshotRows(byKey, whole)));
        }
    };

    @Test
    void theCommitChecksEveryRowReadAsItWasReadBeforeItsWrites() {
        rows.put(ALICE, Row.of("balance", 100));
        Transaction tx = new Transaction(region);
        long balance = tx.get(ALICE).orElseThrow().getLong("balance");
        assertThat(tx.get(BOB)).isEmpty();
        tx.set(ALICE, "balance", balance - 10).add(BOB, "balance", 10);
        tx.commit();

        assertThat(sent).singleElement().isEqualTo(new TxnSpec.AdHoc(List.of(
                new Op.Check(ALICE, new Condition.Unchanged(RowDigest.of(Row.of("balance", 100)))),
                new Op.Check(BOB, new Condition.Unchanged(RowDigest.ABSENT)),
                new Op.Update(ALICE, new UpdateFn.SetField("balance", Datum.of(90))),
                new Op.Update(BOB, new UpdateFn.Add("balance", 10)))));
        assertThat(reads).as("the second read re-reads the first row, to stay on one snapshot")
                .containsExactly(List.of(ALICE), List.of(ALICE, BOB));
    }

    @Test
    void aRowItReplacedIsReadWithoutAskingTheRegionAndNeedsNoCondition() {
        Transaction tx = new Transaction(region);
        tx.put(ALICE, Map.of("balance", 5L)).add(ALICE, "balance", 2);
        assertThat(tx.get(ALICE).orElseThrow().getLong("balance")).isEqualTo(7);
        tx.delete(BOB);
        assertThat(tx.get(BOB)).isEmpty();
        tx.commit();
        assertThat(reads).isEmpty();
        assertThat(((TxnSpec.AdHoc) sent.get(0)).ops()).noneMatch(op -> op instanceof Op.Check);
    }

    @Test
    void aPartitionReadWholeIsOneConditionCoveringItsRows() {
        rows.put(new RowKey(CARDS, "c1"), Row.of("limit", 50));
        Transaction tx = new Transaction(region);
        assertThat(tx.get(new RowKey(CARDS, "c1"))).isPresent();
        tx.put(new RowKey(CARDS, "c2"), Map.of("limit", 70L));
        SortedMap<String, ResultRow> cards = tx.getPartition(CARDS);
        assertThat(cards.keySet()).as("its own new row laid over the snapshot").containsExactly("c1", "c2");
        tx.commit();
        List<Op> ops = ((TxnSpec.AdHoc) sent.get(0)).ops();
        assertThat(ops.get(0)).isEqualTo(new Op.CheckPartition(CARDS,
                RowDigest.ofRows(new TreeMap<>(Map.of("c1", Row.of("limit", 50))))));
        assertThat(ops).hasSize(2);
    }

    @Test
    void aSnapshotThatMovedPastAChangeToARowReadEndsTheTransaction() {
        rows.put(ALICE, Row.of("balance", 100));
        Transaction tx = new Transaction(region);
        tx.get(ALICE);
        version = Version.of(11, 0);
        rows.put(ALICE, Row.of("balance", 99));
        assertThatThrownBy(() -> tx.get(BOB)).isInstanceOfSatisfying(TransactionAbortedException.class,
                e -> assertThat(e.isRetryable()).isTrue());
        assertThatThrownBy(tx::commit).isInstanceOf(IllegalStateException.class).hasMessageContaining("aborted");
        assertThat(sent).isEmpty();
    }

    @Test
    void aRowReadBeforeThatChangedIsAConflictEvenWhereTheVersionSaysNothingMoved() {
        // A baseline's read names the newest version among the keys it read, not a snapshot of
        // the region: a second read of more keys can name the same version and hold a newer row.
        rows.put(ALICE, Row.of("balance", 100));
        Transaction tx = new Transaction(region);
        tx.get(ALICE);
        rows.put(ALICE, Row.of("balance", 50));
        assertThatThrownBy(() -> tx.get(BOB)).isInstanceOfSatisfying(TransactionAbortedException.class,
                e -> assertThat(e.reason()).isEqualTo("conflict: accounts/alice: changed after the transaction read it"));
        assertThat(sent).isEmpty();
    }

    @Test
    void aSnapshotThatMovedWithoutChangingWhatWasReadCarriesOn() {
        rows.put(ALICE, Row.of("balance", 100));
        Transaction tx = new Transaction(region);
        tx.get(ALICE);
        version = Version.of(11, 0);
        tx.get(BOB);
        assertThat(tx.snapshotVersion()).isEqualTo(Version.of(11, 0));
    }

    @Test
    void badArgumentsAreRefusedAtTheCallersLine() {
        Transaction tx = new Transaction(region);
        assertThatThrownBy(() -> tx.get(null)).isInstanceOf(InvalidTransactionException.class)
                .hasMessageContaining("a row key is null");
        assertThatThrownBy(() -> tx.getPartition(ChainKey.of("__answers", "x")))
                .isInstanceOf(InvalidTransactionException.class).hasMessageContaining("reserved");
        assertThatThrownBy(() -> tx.set(ALICE, "", 1)).isInstanceOf(InvalidTransactionException.class)
                .hasMessageContaining("empty");
        assertThat(tx.isActive()).as("a refused argument does not end the transaction").isTrue();
    }
}
