package io.catena.server.net;

import static io.catena.server.net.LoopbackCluster.ASIA;
import static io.catena.server.net.LoopbackCluster.EU;
import static io.catena.server.net.LoopbackCluster.US;
import static io.catena.server.net.Sentences.assertOneSentence;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.catena.client.Connection;
import io.catena.client.InvalidTransactionException;
import io.catena.client.TxnOutcome;
import io.catena.core.data.ChainKey;
import io.catena.core.data.Datum;
import io.catena.core.data.Row;
import io.catena.core.id.RegionId;
import io.catena.core.id.RequestId;
import io.catena.core.message.SubmitTxn;
import io.catena.core.message.TxnReply;
import io.catena.core.rlog.EncodedSize;
import io.catena.core.txn.Op;
import io.catena.core.txn.Outcome;
import io.catena.core.txn.TxnSpec;
import io.catena.wire.ClientMessage;
import java.io.IOException;
import java.util.List;
import java.util.SortedMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The transaction size limit at a running cluster over real connections, with the default
 * limits (a transaction of 1 MiB, a record of 4 MiB, an epoch message of 8 MiB, a frame of
 * 16 MiB): a larger transaction is refused on arrival with both sizes and never runs, and one just
 * under the limit travels in records and epoch messages to every region and commits there.
 * Either way the regions keep committing.
 */
class TransactionSizeTest {

    @RegisterExtension
    static final LoopbackCluster cluster = new LoopbackCluster();

    @AfterEach
    void theRegionsStillServe() {
        for (RegionId region : List.of(US, EU, ASIA)) {
            cluster.assertServes(region);
        }
    }

    @Test
    void aTransactionAboveTheLimitIsRefusedWithBothSizesAndNeverRuns() throws Exception {
        int limit = cluster.protocol().maxTransactionBytes();
        TxnSpec raw = document("huge-raw", limit);
        long size = EncodedSize.txn(raw);

        TxnReply reply = submit(raw);

        assertThat(reply.result().outcome()).isEqualTo(Outcome.REJECTED);
        assertThat(reply.result().reason())
                .isEqualTo("the transaction is " + size + " bytes; the limit is " + limit + " bytes (maxTransactionBytes)");
        assertOneSentence(reply.result().reason());
        assertThat(reply.version()).as("nothing ran, so no version").isNull();
        try (Connection c = cluster.connect(US)) {
            assertThatThrownBy(() -> c.transaction().put(LoopbackCluster.row("huge-library"),
                    Row.of("body", "y".repeat(limit))).commit())
                    .isInstanceOfSatisfying(InvalidTransactionException.class, e -> {
                        assertThat(e.requestId()).as("decided by the coordinator").isNotNull();
                        assertThat(e.isRetryable()).isFalse();
                        assertThat(e.getMessage()).contains("bytes; the limit is " + limit + " bytes");
                    });
        }
        cluster.assertSettledAndIdentical();
        assertThat(cluster.anyRegionHolds("huge-raw")).isFalse();
        assertThat(cluster.anyRegionHolds("huge-library")).isFalse();
    }

    @Test
    void aLargeTransactionUnderTheLimitCommitsInEveryRegion() throws Exception {
        String body = "z".repeat(900 << 10);
        TxnOutcome outcome;
        try (Connection c = cluster.connect(EU)) {
            outcome = c.transaction().put(LoopbackCluster.row("large"), Row.of("body", body)).commit();
        }

        assertThat(outcome.version()).as("committed").isNotNull();
        cluster.assertSettledAndIdentical();
        for (RegionId region : List.of(US, EU, ASIA)) {
            SortedMap<String, Row> rows = cluster.store(region).dumpLatest(LoopbackCluster.TABLE)
                    .get(ChainKey.of(LoopbackCluster.TABLE, "large"));
            assertThat(rows).as(cluster.regionName(region)).isNotNull();
            assertThat(rows.get("").getOrNull("body")).as(cluster.regionName(region)).isEqualTo(Datum.of(body));
        }
    }

    /** A blind write of one row whose body has {@code chars} characters. */
    private static TxnSpec document(String key, int chars) {
        return new TxnSpec.AdHoc(List.of(new Op.Write(LoopbackCluster.row(key), Row.of("body", "x".repeat(chars)))));
    }

    /** Submits {@code spec} as a raw client would, past the library, and waits for the verdict. */
    private static TxnReply submit(TxnSpec spec) throws IOException {
        try (FrameSocket s = cluster.admittedClient(US)) {
            RequestId request = cluster.nextRequest();
            s.send(new ClientMessage(new SubmitTxn(request, spec, cluster.clockMicros())));
            return Submissions.reply(s, request);
        }
    }
}
