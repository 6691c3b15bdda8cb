package io.catena.wire.codec;

import io.catena.core.data.Datum;
import io.catena.core.data.ReadResult;
import io.catena.core.data.Row;
import io.catena.core.data.RowKey;
import io.catena.core.data.Version;
import io.catena.core.id.RequestId;
import io.catena.core.message.SubmitTxn;
import io.catena.core.message.TxnReply;
import io.catena.core.txn.Op;
import io.catena.core.txn.TxnResult;
import io.catena.core.txn.TxnSpec;
import io.catena.core.txn.UpdateFn;
import io.catena.wire.ClientMessage;
import java.util.List;
import java.util.Map;

/**
 * Realistic frames of the hot path, for size measurements and golden encodings: a bank transfer
 * between two accounts as a procedure call and as ad-hoc operations, and its reply.
 */
public final class TypicalFrames {

    /** When the typical client issued its requests, on its coordinator's clock. */
    static final long ISSUED_MICROS = 1_234_567_890_123L;

    private TypicalFrames() {
    }

    public static SubmitTxn transferCall(long sequence, int from, int to) {
        return new SubmitTxn(new RequestId(4711, sequence), new TxnSpec.ProcedureCall("transfer", 1,
                Row.of(Map.of("from", Datum.of("acct-" + from), "to", Datum.of("acct-" + to), "amount", Datum.of(2500)))),
                ISSUED_MICROS);
    }

    static SubmitTxn transferAdHoc(long sequence, int from, int to) {
        return new SubmitTxn(new RequestId(4711, sequence), new TxnSpec.AdHoc(List.of(
                new Op.Update(RowKey.of("accounts", "acct-" + from), new UpdateFn.Add("balance", -2500)),
                new Op.Update(RowKey.of("accounts", "acct-" + to), new UpdateFn.Add("balance", 2500)),
                new Op.Read(RowKey.of("accounts", "acct-" + from)))), ISSUED_MICROS);
    }

    static TxnReply committedReply(long sequence) {
        return new TxnReply(new RequestId(4711, sequence), TxnResult.committed(
                List.of(new ReadResult(RowKey.of("accounts", "acct-17"), Row.of("balance", 97_500))), Row.EMPTY),
                Version.of(1_000_123, 4), false);
    }

    static ClientMessage submit() {
        return new ClientMessage(transferCall(42, 17, 99));
    }

    static ClientMessage reply() {
        return new ClientMessage(committedReply(42));
    }
}
