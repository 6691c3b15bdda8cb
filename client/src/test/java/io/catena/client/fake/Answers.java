package io.catena.client.fake;

import io.catena.core.data.ReadResult;
import io.catena.core.data.Row;
import io.catena.core.data.Version;
import io.catena.core.id.RequestId;
import io.catena.core.message.Message;
import io.catena.core.message.SubmitReadOnly;
import io.catena.core.message.SubmitTxn;
import io.catena.core.message.TxnReply;
import io.catena.core.txn.TxnResult;
import java.util.List;

/** Replies a scripted coordinator sends. */
public final class Answers {

    private Answers() {
    }

    public static RequestId idOf(Message m) {
        return m instanceof SubmitTxn s ? s.request() : ((SubmitReadOnly) m).request();
    }

    /** Committed, having read nothing: a snapshot read finds each of its rows absent and its partitions empty. */
    public static TxnReply committed(Message m, Version version) {
        List<ReadResult> reads = m instanceof SubmitReadOnly r
                ? r.keys().stream().map(k -> new ReadResult(k, null)).toList() : List.of();
        return new TxnReply(idOf(m), TxnResult.committed(reads, Row.EMPTY), version, false);
    }

    public static TxnReply committed(Message m, Version version, List<ReadResult> reads, Row outputs,
                                     boolean contended) {
        return new TxnReply(idOf(m), TxnResult.committed(reads, outputs), version, contended);
    }

    public static TxnReply ended(Message m, TxnResult result) {
        return new TxnReply(idOf(m), result, null, false);
    }
}
