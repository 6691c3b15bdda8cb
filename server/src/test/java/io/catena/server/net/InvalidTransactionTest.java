package io.catena.server.net;

import static io.catena.server.net.LoopbackCluster.US;
import static io.catena.server.net.Sentences.assertOneSentence;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.catena.client.Connection;
import io.catena.client.InvalidTransactionException;
import io.catena.client.OperationList;
import io.catena.coordinator.client.AnswerStore;
import io.catena.core.data.Row;
import io.catena.core.data.RowKey;
import io.catena.core.data.Version;
import io.catena.core.id.RequestId;
import io.catena.core.message.SubmitReadOnly;
import io.catena.core.message.SubmitTxn;
import io.catena.core.message.TxnReply;
import io.catena.core.txn.Op;
import io.catena.core.txn.Outcome;
import io.catena.core.txn.TxnPlanner;
import io.catena.core.txn.TxnSpec;
import io.catena.core.txn.UpdateFn;
import io.catena.wire.ClientMessage;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Transactions a region cannot run: an unknown procedure, more chain keys than a chain may have,
 * a table reserved for Catena (it keeps its answers there; there is no catalogue of user tables,
 * so this is the one table a transaction cannot name), nothing to do. The client library catches
 * what it can before sending; the rest, and everything a raw client sends, the coordinators
 * reject deterministically with a reason, which the library surfaces as
 * {@link InvalidTransactionException}. None of it leaves a trace and the region keeps serving.
 */
class InvalidTransactionTest {

    @RegisterExtension
    static final LoopbackCluster cluster = new LoopbackCluster();

    @AfterEach
    void theRegionStillServes() {
        cluster.assertServes(US);
    }

    @Test
    void anUnknownProcedureIsRejectedByTheCoordinatorsThroughTheClientLibrary() {
        try (Connection c = cluster.connect(US)) {
            assertThatThrownBy(() -> c.prepare("no_such_procedure", 3).set("amount", 10).execute())
                    .isInstanceOfSatisfying(InvalidTransactionException.class, e -> {
                        assertThat(e.requestId()).as("decided by the coordinators, not the library").isNotNull();
                        assertThat(e.isRetryable()).isFalse();
                        assertThat(e.getMessage()).contains("unknown procedure no_such_procedure version 3");
                        assertOneSentence(e.getMessage());
                    });
        }
    }

    @Test
    void tooManyKeysAreRejectedByTheCoordinatorsAndCaughtByTheLibraryFirst() throws Exception {
        List<Op> ops = new ArrayList<>();
        IntStream.rangeClosed(0, TxnPlanner.MAX_HOPS).forEach(i -> ops.add(increment("wide-" + i)));

        TxnReply reply = submit(new TxnSpec.AdHoc(ops));

        assertRejected(reply, "at most " + TxnPlanner.MAX_HOPS + " chain keys, not " + (TxnPlanner.MAX_HOPS + 1));
        try (Connection c = cluster.connect(US)) {
            OperationList t = c.transaction();
            IntStream.range(0, TxnPlanner.MAX_HOPS).forEach(i -> t.add(LoopbackCluster.row("wide-" + i), "n", 1));
            assertThatThrownBy(() -> t.add(LoopbackCluster.row("wide-" + TxnPlanner.MAX_HOPS), "n", 1))
                    .isInstanceOfSatisfying(InvalidTransactionException.class, e -> {
                        assertThat(e.requestId()).as("caught before sending").isNull();
                        assertThat(e.getMessage()).contains("more than " + TxnPlanner.MAX_HOPS + " partitions");
                    });
        }
        cluster.assertSettledAndIdentical();
        assertThat(cluster.anyRegionHolds("wide-0")).as("a key of the rejected transaction was written").isFalse();
    }

    @Test
    void theReservedTableCannotBeWrittenOrRead() throws Exception {
        RowKey answers = RowKey.of(AnswerStore.TABLE, "1-1");
        TxnReply write = submit(new TxnSpec.AdHoc(List.of(new Op.Write(answers, Row.of("", "forged answer")))));
        TxnReply read = submitReadOnly(new SubmitReadOnly(cluster.nextRequest(), List.of(answers), Version.ZERO));
        TxnReply partition = submitReadOnly(new SubmitReadOnly(cluster.nextRequest(), List.of(LoopbackCluster.row("k")),
                Version.ZERO, List.of(answers.chainKey())));

        assertRejected(write, "table " + AnswerStore.TABLE + " is reserved for Catena's own use");
        assertRejected(read, "table " + AnswerStore.TABLE + " is reserved for Catena's own use");
        assertRejected(partition, "table " + AnswerStore.TABLE + " is reserved for Catena's own use");
        try (Connection c = cluster.connect(US)) {
            assertThatThrownBy(() -> c.transaction().put(answers, Row.EMPTY))
                    .isInstanceOf(InvalidTransactionException.class).hasMessageContaining("reserved");
            assertThatThrownBy(() -> c.snapshot().readPartition(answers.chainKey()))
                    .isInstanceOf(InvalidTransactionException.class).hasMessageContaining("reserved");
        }
    }

    @Test
    void requestsWithNothingToDoAreRejected() throws Exception {
        TxnReply noOps = submit(new TxnSpec.AdHoc(List.of()));
        TxnReply noRows = submitReadOnly(new SubmitReadOnly(cluster.nextRequest(), List.of(), Version.ZERO, List.of()));

        assertRejected(noOps, "at least one operation");
        assertRejected(noRows, "at least one row or partition");
    }

    private static void assertRejected(TxnReply reply, String why) {
        assertThat(reply.result().outcome()).isEqualTo(Outcome.REJECTED);
        assertThat(reply.result().reason()).contains(why);
        assertOneSentence(reply.result().reason());
        assertThat(reply.version()).as("nothing ran, so no version").isNull();
    }

    /** Submits {@code spec} as a raw client would, past the library's checks, and waits for the verdict. */
    private static TxnReply submit(TxnSpec spec) throws IOException {
        try (FrameSocket s = cluster.admittedClient(US)) {
            RequestId request = cluster.nextRequest();
            s.send(new ClientMessage(new SubmitTxn(request, spec, cluster.clockMicros())));
            return Submissions.reply(s, request);
        }
    }

    /** Sends {@code read} as a raw client would, past the library's checks, and waits for the verdict. */
    private static TxnReply submitReadOnly(SubmitReadOnly read) throws IOException {
        try (FrameSocket s = cluster.admittedClient(US)) {
            s.send(new ClientMessage(read));
            return Submissions.reply(s, read.request());
        }
    }

    private static Op increment(String key) {
        return new Op.Update(LoopbackCluster.row(key), new UpdateFn.Add(LoopbackCluster.COLUMN, 1));
    }

}
