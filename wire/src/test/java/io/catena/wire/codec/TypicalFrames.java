package io.catena.wire.codec;

import io.catena.catenae.message.EpochMessage;
import io.catena.core.data.ChainKey;
import io.catena.core.data.Datum;
import io.catena.core.data.ReadResult;
import io.catena.core.data.Row;
import io.catena.core.data.RowKey;
import io.catena.core.data.Version;
import io.catena.core.id.NodeId;
import io.catena.core.id.RegionId;
import io.catena.core.id.RequestId;
import io.catena.core.id.TxnId;
import io.catena.core.message.SubmitTxn;
import io.catena.core.message.TxnReply;
import io.catena.core.rlog.EpochVector;
import io.catena.core.rlog.KeyOrderVote;
import io.catena.core.rlog.RLogRecord;
import io.catena.core.rlog.Timetable;
import io.catena.core.rlog.TxnEntry;
import io.catena.core.txn.Op;
import io.catena.core.txn.TxnResult;
import io.catena.core.txn.TxnSpec;
import io.catena.core.txn.UpdateFn;
import io.catena.wire.ClientMessage;
import io.catena.wire.NodeMessage;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Realistic frames of the hot path, for size measurements and golden encodings: a bank transfer
 * between two accounts as a procedure call and as ad-hoc operations, its reply, and the epoch
 * message a coordinator of a three-region cluster ships with a batch of such transfers.
 */
final class TypicalFrames {

    private static final RegionId HOME = RegionId.of(1);

    private TypicalFrames() {
    }

    static SubmitTxn transferCall(long sequence, int from, int to) {
        return new SubmitTxn(new RequestId(4711, sequence), new TxnSpec.ProcedureCall("transfer", 1,
                Row.of(Map.of("from", Datum.of("acct-" + from), "to", Datum.of("acct-" + to), "amount", Datum.of(2500)))));
    }

    static SubmitTxn transferAdHoc(long sequence, int from, int to) {
        return new SubmitTxn(new RequestId(4711, sequence), new TxnSpec.AdHoc(List.of(
                new Op.Update(RowKey.of("accounts", "acct-" + from), new UpdateFn.Add("balance", -2500)),
                new Op.Update(RowKey.of("accounts", "acct-" + to), new UpdateFn.Add("balance", 2500)),
                new Op.Read(RowKey.of("accounts", "acct-" + from)))));
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

    /** One epoch's record with {@code transactions} transfers, two key votes, to one peer region. */
    static NodeMessage epochMessage(int transactions) {
        long epoch = 1_000_123;
        List<TxnEntry> txns = new ArrayList<>();
        for (int i = 0; i < transactions; i++) {
            txns.add(new TxnEntry(new TxnId(epoch, HOME, i), new RequestId(4711 + i % 7, 900 + i), 37 * i,
                    transferCall(900 + i, i * 13 % 1000, i * 29 % 1000).spec()));
        }
        List<KeyOrderVote> votes = List.of(
                new KeyOrderVote(epoch - 2, ChainKey.of("accounts", "acct-17"),
                        List.of(new TxnId(epoch - 2, RegionId.of(0), 3), new TxnId(epoch - 2, HOME, 5))),
                new KeyOrderVote(epoch - 2, ChainKey.of("accounts", "acct-99"),
                        List.of(new TxnId(epoch - 2, RegionId.of(2), 0), new TxnId(epoch - 2, HOME, 1))));
        RLogRecord record = new RLogRecord(HOME, epoch, txns, EpochVector.of(epoch - 1, epoch, epoch - 1), List.of(),
                votes, Version.of(epoch - 3, 17));
        Timetable timetable = Timetable.of(EpochVector.of(epoch - 2, epoch - 3, epoch - 2),
                EpochVector.of(epoch - 1, epoch, epoch - 1), EpochVector.of(epoch - 2, epoch - 2, epoch - 2));
        return new NodeMessage(NodeId.coordinator(HOME), NodeId.coordinator(RegionId.of(2)),
                new EpochMessage(HOME, List.of(record), timetable));
    }
}
