package io.catena.server.net;

import static io.catena.server.net.LoopbackCluster.US;
import static org.assertj.core.api.Assertions.assertThat;

import io.catena.client.ConnectionClosedException;
import io.catena.client.Connection;
import io.catena.client.OutcomeUnknownException;
import io.catena.client.TxnOutcome;
import io.catena.core.data.ChainKey;
import io.catena.core.data.Row;
import io.catena.core.id.RegionId;
import io.catena.core.id.RequestId;
import io.catena.core.message.TxnReply;
import io.catena.core.txn.Outcome;
import io.catena.wire.ClientMessage;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Clients that hang up while their transaction is in flight. The coordinator finishes what it
 * took and keeps the answer, so a retry under the same request id, on any new connection, attaches
 * to the original instead of running again: every transaction takes effect at most once, and
 * every commit a client was told about is in every region's store.
 */
class ClientDisconnectTest {

    @RegisterExtension
    static final LoopbackCluster cluster = new LoopbackCluster();

    @Test
    void aRetryAfterHangingUpMidTransactionGetsTheOriginalAnswerAndRunsNothingTwice() throws Exception {
        RequestId request = cluster.nextRequest();
        ClientMessage increment = Submissions.increment(cluster, request, "hung-up");
        try (FrameSocket first = cluster.admittedClient(US)) {
            first.send(increment);
        }
        TxnReply retried;
        TxnReply retriedAgain;
        try (FrameSocket second = cluster.admittedClient(US)) {
            second.send(increment);
            retried = Submissions.reply(second, request);
        }
        try (FrameSocket third = cluster.admittedClient(US)) {
            third.send(increment);
            retriedAgain = Submissions.reply(third, request);
        }

        assertThat(retried.result().outcome()).isEqualTo(Outcome.COMMITTED);
        assertThat(retriedAgain.version()).as("the answer kept for retries").isEqualTo(retried.version());
        cluster.assertSettledAndIdentical();
        assertThat(cluster.counter(US, "hung-up")).as("increments that took effect").isEqualTo(1);
    }

    @Test
    void oneRequestSentOnSeveralConnectionsAtOnceRunsOnce() throws Exception {
        RequestId request = cluster.nextRequest();
        ClientMessage increment = Submissions.increment(cluster, request, "raced");
        List<FrameSocket> quitters = new ArrayList<>();
        TxnReply reply;
        try (FrameSocket stayer = cluster.admittedClient(US)) {
            for (int i = 0; i < 4; i++) {
                FrameSocket q = cluster.admittedClient(US);
                quitters.add(q);
                q.send(increment);
            }
            stayer.send(increment);
            for (FrameSocket q : quitters) {
                q.close();
            }
            reply = Submissions.reply(stayer, request);
        }

        assertThat(reply.result().outcome()).isEqualTo(Outcome.COMMITTED);
        cluster.assertSettledAndIdentical();
        assertThat(cluster.counter(US, "raced")).isEqualTo(1);
    }

    /**
     * Through the client library: in every region, clients submit an increment and close at once,
     * between acknowledged writes of a steady client. A closed connection fails its request at
     * once, saying whether it may have run; the counter may only hold what may have run, and the
     * acknowledged rows are everywhere.
     */
    @Test
    void clientsHangingUpMidTransactionLoseNoAcknowledgedCommit() throws Exception {
        List<CompletableFuture<TxnOutcome>> abandoned = new ArrayList<>();
        Map<String, Long> acknowledged = new LinkedHashMap<>();
        for (RegionId region : cluster.protocol().regionIds()) {
            try (Connection steady = cluster.connect(region)) {
                for (int i = 0; i < 5; i++) {
                    Connection quitter = cluster.connect(region);
                    abandoned.add(quitter.transaction().add(LoopbackCluster.row("quitters"), LoopbackCluster.COLUMN, 1)
                            .commitAsync());
                    quitter.close();
                    String key = "ack-" + region.index() + "-" + i;
                    steady.transaction().put(LoopbackCluster.row(key), Map.of("i", (long) i)).commit();
                    acknowledged.put(key, (long) i);
                }
            }
        }

        int committed = 0;
        int maybeRan = 0;
        for (CompletableFuture<TxnOutcome> f : abandoned) {
            assertThat(f).as("a closed connection fails its requests at once").isDone();
            try {
                f.join();
                committed++;
            } catch (CompletionException e) {
                assertThat(e.getCause()).isInstanceOfAny(OutcomeUnknownException.class,
                        ConnectionClosedException.class);
                maybeRan += e.getCause() instanceof OutcomeUnknownException ? 1 : 0;
            }
        }
        assertThat(maybeRan).as("requests sent before their client hung up").isPositive();
        cluster.assertSettledAndIdentical();
        assertThat(cluster.counter(US, "quitters")).as("increments that took effect")
                .isBetween((long) committed, (long) committed + maybeRan);
        for (RegionId region : cluster.protocol().regionIds()) {
            SortedMap<ChainKey, SortedMap<String, Row>> rows = cluster.store(region).dumpLatest(LoopbackCluster.TABLE);
            for (Map.Entry<String, Long> ack : acknowledged.entrySet()) {
                SortedMap<String, Row> partition = rows.get(ChainKey.of(LoopbackCluster.TABLE, ack.getKey()));
                assertThat(partition).as(ack.getKey() + " in region " + cluster.regionName(region)).isNotNull();
                assertThat(partition.get("").getLong("i", -1)).isEqualTo(ack.getValue());
            }
        }
    }
}
