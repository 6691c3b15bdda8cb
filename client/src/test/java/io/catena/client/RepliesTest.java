package io.catena.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.catena.core.data.ChainKey;
import io.catena.core.data.Datum;
import io.catena.core.data.ReadResult;
import io.catena.core.data.Row;
import io.catena.core.data.RowKey;
import io.catena.core.data.Version;
import io.catena.core.id.RequestId;
import io.catena.core.message.TxnReply;
import io.catena.core.txn.TxnResult;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** How each outcome a coordinator decides reaches the caller. */
class RepliesTest {

    private static final RequestId ID = new RequestId(99, 4);
    private static final RowKey ALICE = RowKey.of("accounts", "alice");
    private static final RowKey BOB = RowKey.of("accounts", "bob");

    @Test
    void committedBecomesAnOutcomeWithTypedRowsAndOutputs() {
        Row aliceRow = Row.of(Map.of("balance", Datum.of(90), "owner", Datum.of("Alice"),
                "history", Datum.of(List.of(Datum.of(1), Datum.of(2)))));
        TxnReply reply = new TxnReply(ID, TxnResult.committed(List.of(new ReadResult(ALICE, aliceRow),
                new ReadResult(BOB, null)), Row.of("fee", 1)), Version.of(12, 3), true);

        TxnOutcome outcome = Replies.toOutcome(reply);

        assertThat(outcome.requestId()).isEqualTo(ID);
        assertThat(outcome.version()).isEqualTo(Version.of(12, 3));
        assertThat(outcome.contended()).isTrue();
        assertThat(outcome.readKeys()).containsExactly(ALICE, BOB);
        ResultRow alice = outcome.row(ALICE).orElseThrow();
        assertThat(alice.getLong("balance")).isEqualTo(90);
        assertThat(alice.getString("owner")).isEqualTo("Alice");
        assertThat(alice.getList("history", Long.class)).containsExactly(1L, 2L);
        assertThat(outcome.row(BOB)).isEmpty();
        assertThat(outcome.outputs().getLong("fee")).isEqualTo(1);
        assertThatThrownBy(() -> outcome.row(RowKey.of("accounts", "carol")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("accounts/carol was not read by this request");
    }

    @Test
    void abortedBecomesANonRetryableAbortThatKeepsTheReason() {
        TxnReply reply = new TxnReply(ID, TxnResult.aborted("check failed on accounts/alice"), null, false);
        assertThatThrownBy(() -> Replies.toOutcome(reply))
                .isInstanceOfSatisfying(TransactionAbortedException.class, e -> {
                    assertThat(e.isRetryable()).isFalse();
                    assertThat(e.reason()).isEqualTo("check failed on accounts/alice");
                    assertThat(e.requestId()).isEqualTo(ID);
                    assertThat(e.getMessage()).isEqualTo("The transaction aborted (check failed on accounts/alice); "
                            + "running it again gives the same result unless the data it depends on has changed.");
                });
    }

    @Test
    void aConflictABaselineLostIsARetryableAbortOfReadWriteAndReadOnlyTransactionsAlike() {
        TxnReply reply = new TxnReply(ID, TxnResult.conflict("OCC: validation failed"), null, false);
        for (Runnable call : List.<Runnable>of(() -> Replies.toOutcome(reply),
                () -> Replies.toSnapshot(reply, 0, List.of()))) {
            assertThatThrownBy(call::run).isInstanceOfSatisfying(TransactionAbortedException.class, e -> {
                assertThat(e.isRetryable()).isTrue();
                assertThat(e.reason()).isEqualTo("conflict: OCC: validation failed");
                assertThat(e.getMessage()).isEqualTo("The transaction lost a conflict with another and had no effect "
                        + "(conflict: OCC: validation failed); it is safe to run it again.");
            });
        }
    }

    @Test
    void rejectedBecomesANonRetryableInvalidTransaction() {
        TxnReply reply = new TxnReply(ID, TxnResult.rejected("unknown procedure nope version 3"), null, false);
        assertThatThrownBy(() -> Replies.toOutcome(reply))
                .isInstanceOfSatisfying(InvalidTransactionException.class, e -> {
                    assertThat(e.isRetryable()).isFalse();
                    assertThat(e.requestId()).isEqualTo(ID);
                    assertThat(e.getMessage()).isEqualTo("The coordinator rejected request c99-4 (unknown procedure "
                            + "nope version 3); fix the transaction, as retrying cannot help.");
                });
        assertThatThrownBy(() -> Replies.toSnapshot(reply, 0, List.of())).isInstanceOf(InvalidTransactionException.class);
    }

    @Test
    void droppedBecomesARetryableUnavailable() {
        TxnReply reply = new TxnReply(ID, TxnResult.dropped("batch abandoned"), null, false);
        assertThatThrownBy(() -> Replies.toOutcome(reply))
                .isInstanceOfSatisfying(UnavailableException.class, e -> {
                    assertThat(e.isRetryable()).isTrue();
                    assertThat(e.getMessage()).contains("c99-4", "DROPPED", "batch abandoned", "safe to retry");
                });
        assertThatThrownBy(() -> Replies.toSnapshot(reply, 0, List.of())).isInstanceOf(UnavailableException.class);
    }

    @Test
    void snapshotReplyCarriesItsVersionAndRows() {
        TxnReply reply = new TxnReply(ID, TxnResult.committed(List.of(new ReadResult(ALICE, Row.of("balance", 5))),
                Row.EMPTY), Version.of(40, 0), false);
        SnapshotResult s = Replies.toSnapshot(reply, 1, List.of());
        assertThat(s.version()).isEqualTo(Version.of(40, 0));
        assertThat(s.keys()).containsExactly(ALICE);
        assertThat(s.row(ALICE).orElseThrow().getLong("balance")).isEqualTo(5);
        assertThat(s.partitions()).isEmpty();
    }

    @Test
    void aSnapshotOfRowsAndPartitionsTellsThemApartInClusteringOrder() {
        ChainKey orders = ChainKey.of("orders", "d7");
        ChainKey none = ChainKey.of("orders", "d8");
        RowKey district = RowKey.of("districts", "d7");
        RowKey order9 = new RowKey(orders, "o9");
        TxnReply reply = new TxnReply(ID, TxnResult.committed(List.of(new ReadResult(district, Row.of("next", 11)),
                new ReadResult(order9, null), new ReadResult(new RowKey(orders, "o10"), Row.of("lines", 3)),
                new ReadResult(new RowKey(orders, "o7"), Row.of("lines", 5))), Row.EMPTY), Version.of(40, 0), false);

        SnapshotResult s = Replies.toSnapshot(reply, 2, List.of(orders, none));

        assertThat(s.keys()).containsExactly(district, order9);
        assertThat(s.row(order9)).as("asked by key, absent").isEmpty();
        assertThat(s.partitions()).containsExactly(orders, none);
        assertThat(s.partition(orders).keySet()).containsExactly("o10", "o7");
        assertThat(s.partition(orders).get("o7").getLong("lines")).isEqualTo(5);
        assertThat(s.partition(none)).as("an empty partition is empty, not an error").isEmpty();
        assertThatThrownBy(() -> s.partition(ChainKey.of("orders", "d9")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Partition orders/d9 was not read by this request; it read partitions [orders/d7, orders/d8].");
        assertThatThrownBy(() -> s.row(new RowKey(orders, "o7")))
                .as("a row of a partition read whole is not a row read by key")
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("orders/d7#o7 was not read");
        assertThat(s.toString()).isEqualTo("snapshot at v40.0 of [districts/d7, orders/d7#o9] and partitions "
                + "[orders/d7, orders/d8]");
    }

    @Test
    void aSnapshotAnswerThatDoesNotMatchTheReadIsARetryableUnavailable() {
        TxnReply reply = new TxnReply(ID, TxnResult.committed(List.of(new ReadResult(RowKey.of("orders", "d9", "o1"),
                Row.of("lines", 1))), Row.EMPTY), Version.of(40, 0), false);

        assertThatThrownBy(() -> Replies.toSnapshot(reply, 0, List.of(ChainKey.of("orders", "d7"))))
                .isInstanceOfSatisfying(UnavailableException.class, e -> {
                    assertThat(e.isRetryable()).isTrue();
                    assertThat(e.getMessage()).isEqualTo("The answer to request c99-4 does not match the read (a "
                            + "snapshot read was answered with row orders/d9#o1 of a partition it did not ask for); "
                            + "it is safe to retry.");
                });
        assertThatThrownBy(() -> Replies.toSnapshot(reply, 2, List.of())).isInstanceOf(UnavailableException.class);
    }

    @Test
    void everyExceptionSaysWhetherRetryingHelps() {
        assertThat(new UnavailableException("x", null).isRetryable()).isTrue();
        assertThat(OutcomeUnknownException.timedOut(ID, java.time.Duration.ofSeconds(5)).isRetryable()).isFalse();
        assertThat(OutcomeUnknownException.timedOut(ID, java.time.Duration.ofSeconds(5)).getMessage())
                .isEqualTo("No answer to request c99-4 came within 5s, so the transaction may or may not have "
                        + "committed; it was already retried under its request id, so look its outcome up "
                        + "(Connection.outcome) before running it again.");
        assertThat(InvalidTransactionException.invalid("it has no operation").getMessage())
                .isEqualTo("The transaction is invalid: it has no operation; fix it, as retrying cannot help.");
        assertThat(new ConnectionClosedException("eu").isRetryable()).isFalse();
        assertThat(new ConnectionClosedException("eu").getMessage()).contains("region eu is closed", "new connection");
    }
}
