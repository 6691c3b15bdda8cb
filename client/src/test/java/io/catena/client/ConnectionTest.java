package io.catena.client;

import static io.catena.client.FakeRegion.H1;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.catena.client.fake.Answers;
import io.catena.client.fake.FakeCoordinator;
import io.catena.core.data.ChainKey;
import io.catena.core.data.Datum;
import io.catena.core.data.ReadResult;
import io.catena.core.data.Row;
import io.catena.core.data.RowKey;
import io.catena.core.data.Version;
import io.catena.core.message.Message;
import io.catena.core.message.SubmitReadOnly;
import io.catena.core.message.SubmitTxn;
import io.catena.core.message.TxnReply;
import io.catena.core.txn.TxnResult;
import io.catena.core.txn.TxnSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/** The public operations end to end against a scripted coordinator. */
class ConnectionTest {

    private static final RowKey ALICE = RowKey.of("accounts", "alice");
    private static final RowKey BOB = RowKey.of("accounts", "bob");

    private final FakeRegion region = new FakeRegion();
    private final FakeCoordinator coordinator = region.up(H1);
    /** Replies by message, in order; a test sets them before it calls. */
    private final List<Function<Message, TxnReply>> script = new ArrayList<>();

    ConnectionTest() {
        coordinator.respondWith(m -> script.isEmpty() ? null : script.remove(0).apply(m));
    }

    @Test
    void anAdHocTransactionCommitsAndReportsWhatItRead() {
        script.add(m -> Answers.committed(m, Version.of(10, 2), List.of(new ReadResult(ALICE, Row.of("balance", 90))),
                Row.EMPTY, true));
        try (Connection c = region.connect("")) {
            TxnOutcome t = c.transaction().read(ALICE).add(ALICE, "balance", -10).add(BOB, "balance", 10).commit();

            assertThat(t.version()).isEqualTo(Version.of(10, 2));
            assertThat(t.contended()).isTrue();
            assertThat(t.row(ALICE).orElseThrow().getLong("balance")).isEqualTo(90);
            assertThat(((SubmitTxn) coordinator.received().get(0)).spec()).isInstanceOf(TxnSpec.AdHoc.class);
            assertThat(t.requestId().client()).isEqualTo(c.clientId());
        }
    }

    @Test
    void aProcedureCallSendsItsNameVersionAndArgumentsAndReturnsItsOutputs() {
        script.add(m -> Answers.committed(m, Version.of(4, 0), List.of(), Row.of("fromBalance", 80), false));
        try (Connection c = region.connect("")) {
            TxnOutcome t = c.prepare("transfer", 3).set("from", "alice").set("amount", 10L).execute();

            assertThat(t.outputs().getLong("fromBalance")).isEqualTo(80);
            TxnSpec.ProcedureCall call = (TxnSpec.ProcedureCall) ((SubmitTxn) coordinator.received().get(0)).spec();
            assertThat(call.name()).isEqualTo("transfer");
            assertThat(call.version()).isEqualTo(3);
            assertThat(call.args()).isEqualTo(Row.of(Map.of("from", Datum.of("alice"), "amount", Datum.of(10))));
        }
    }

    @Test
    void definiteFailuresReachTheCallerAsTheirOwnExceptions() {
        script.add(m -> Answers.ended(m, TxnResult.aborted("check failed on accounts/alice")));
        script.add(m -> Answers.ended(m, TxnResult.rejected("unknown procedure nope version 1")));
        try (Connection c = region.connect("")) {
            assertThatThrownBy(() -> c.transaction().checkExists(ALICE).commit())
                    .isInstanceOf(TransactionAbortedException.class).hasMessageContaining("check failed");
            CompletableFuture<TxnOutcome> call = c.prepare("nope", 1).executeAsync();
            assertThat(call.handle((v, t) -> t).join()).as("async failures are not wrapped")
                    .isInstanceOf(InvalidTransactionException.class);
            assertThat(c.lastVersion()).as("failures raise no version floor").isEqualTo(Version.ZERO);
        }
    }

    @Test
    void snapshotReadsSeeThisConnectionsCommitsAndNeverGoBack() {
        script.add(m -> Answers.committed(m, Version.of(10, 2)));
        script.add(m -> snapshot(m, Version.of(12, 0)));
        script.add(m -> snapshot(m, Version.of(12, 0)));
        script.add(m -> snapshot(m, Version.of(20, 0)));
        try (Connection c = region.connect("")) {
            assertThat(c.lastVersion()).isEqualTo(Version.ZERO);
            c.transaction().add(ALICE, "balance", 1).commit();
            assertThat(c.lastVersion()).isEqualTo(Version.of(10, 2));

            SnapshotResult s = c.read(ALICE, BOB);
            assertThat(s.version()).isEqualTo(Version.of(12, 0));
            assertThat(s.row(ALICE).orElseThrow().getLong("balance")).isEqualTo(1);
            assertThat(s.row(BOB)).isEmpty();
            c.read(ALICE);
            c.snapshot().read(ALICE).atLeast(Version.of(20, 0)).execute();

            assertThat(minVersions()).containsExactly(Version.of(10, 2), Version.of(12, 0), Version.of(20, 0));
            assertThat(((SubmitReadOnly) coordinator.received().get(1)).keys()).containsExactly(ALICE, BOB);
            assertThat(c.lastVersion()).isEqualTo(Version.of(20, 0));
        }
    }

    @Test
    void aSnapshotSendsItsPartitionsAndReadsTheirRowsFromTheAnswer() {
        ChainKey orders = ChainKey.of("orders", "d7");
        script.add(m -> Answers.committed(m, Version.of(30, 1), List.of(new ReadResult(ALICE, Row.of("balance", 1)),
                new ReadResult(new RowKey(orders, "o1"), Row.of("lines", 4))), Row.EMPTY, false));
        try (Connection c = region.connect("")) {
            SnapshotResult s = c.snapshot().read(ALICE).readPartition(orders).execute();

            SubmitReadOnly sent = (SubmitReadOnly) coordinator.received().get(0);
            assertThat(sent.keys()).containsExactly(ALICE);
            assertThat(sent.partitions()).containsExactly(orders);
            assertThat(s.row(ALICE).orElseThrow().getLong("balance")).isEqualTo(1);
            assertThat(s.partition(orders).get("o1").getLong("lines")).isEqualTo(4);
            assertThat(c.lastVersion()).isEqualTo(Version.of(30, 1));
        }
    }

    @Test
    void closeFailsWhatIsInFlightAndEverythingAfter() {
        Connection c = region.connect("");
        CompletableFuture<TxnOutcome> sentCommit = c.transaction().add(ALICE, "balance", 1).commitAsync();
        CompletableFuture<SnapshotResult> sentRead = c.snapshot().read(ALICE).executeAsync();
        coordinator.crash();
        CompletableFuture<TxnOutcome> unsentCommit = c.transaction().add(BOB, "balance", 1).commitAsync();

        c.close();

        assertThat(failure(sentCommit)).isInstanceOfSatisfying(OutcomeUnknownException.class, e -> assertThat(
                e.getMessage()).startsWith("The connection was closed before request " + e.requestId() + " was answered"));
        assertThat(failure(sentRead)).isInstanceOf(ConnectionClosedException.class);
        assertThat(failure(unsentCommit)).as("never sent, so certainly not run")
                .isInstanceOf(ConnectionClosedException.class);
        assertThat(c.isOpen()).isFalse();
        assertThatThrownBy(() -> c.transaction().read(ALICE).commit()).isInstanceOf(ConnectionClosedException.class)
                .hasMessage("The connection to region eu is closed, so the request did not run; open a new connection "
                        + "to go on.");
        assertThat(region.clock.pendingDelays()).as("close cancels every timer").isEmpty();
        assertThat(region.transport.isClosed()).as("the caller owns the transport").isFalse();
        c.close();
    }

    @Test
    void closeClosesTheLink() {
        Connection c = region.connect("");
        assertThat(coordinator.openLinks()).isEqualTo(1);
        c.close();
        assertThat(coordinator.openLinks()).isZero();
        assertThat(region.transport.openAttempts()).as("a closed connection does not reconnect").hasSize(1);
    }

    private static TxnReply snapshot(Message m, Version v) {
        List<ReadResult> reads = new ArrayList<>();
        for (RowKey k : ((SubmitReadOnly) m).keys()) {
            reads.add(new ReadResult(k, k.equals(ALICE) ? Row.of("balance", 1) : null));
        }
        return Answers.committed(m, v, reads, Row.EMPTY, false);
    }

    private List<Version> minVersions() {
        return coordinator.received().stream().filter(m -> m instanceof SubmitReadOnly)
                .map(m -> ((SubmitReadOnly) m).minVersion()).toList();
    }

    private static Throwable failure(CompletableFuture<?> f) {
        assertThat(f).isCompletedExceptionally();
        return f.handle((v, t) -> t).join();
    }
}
