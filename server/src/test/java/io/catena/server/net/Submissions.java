package io.catena.server.net;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.core.data.RowKey;
import io.catena.core.id.RequestId;
import io.catena.core.message.SubmitTxn;
import io.catena.core.message.TxnReply;
import io.catena.core.txn.Op;
import io.catena.core.txn.TxnSpec;
import io.catena.core.txn.UpdateFn;
import io.catena.wire.ClientMessage;
import io.catena.wire.Frame;
import java.io.IOException;
import java.util.List;

/** Transactions as a raw client submits them, bypassing every check of the client library. */
final class Submissions {

    private Submissions() {
    }

    /** Adds one to {@code counter}'s {@link LoopbackCluster#COLUMN}, issued now on {@code cluster}'s clock. */
    static ClientMessage increment(LoopbackCluster cluster, RequestId request, String counter) {
        RowKey key = LoopbackCluster.row(counter);
        return new ClientMessage(new SubmitTxn(request, new TxnSpec.AdHoc(List.of(new Op.Update(key,
                new UpdateFn.Add(LoopbackCluster.COLUMN, 1)))), cluster.clockMicros()));
    }

    /** The next frame on {@code s}, which must be the coordinator's reply to {@code request}. */
    static TxnReply reply(FrameSocket s, RequestId request) throws IOException {
        Frame f = s.receive();
        assertThat(f).as("the answer to " + request).isInstanceOf(ClientMessage.class);
        assertThat(((ClientMessage) f).message()).isInstanceOf(TxnReply.class);
        TxnReply reply = (TxnReply) ((ClientMessage) f).message();
        assertThat(reply.request()).isEqualTo(request);
        return reply;
    }
}
