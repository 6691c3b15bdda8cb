package io.catena.wire.codec;

import io.catena.core.data.ChainKey;
import io.catena.core.data.Datum;
import io.catena.core.data.ReadResult;
import io.catena.core.data.Row;
import io.catena.core.data.RowDigest;
import io.catena.core.data.RowKey;
import io.catena.core.data.Version;
import io.catena.core.id.RequestId;
import io.catena.core.message.QueryOutcome;
import io.catena.core.message.SubmitReadOnly;
import io.catena.core.message.SubmitTxn;
import io.catena.core.message.TxnReply;
import io.catena.core.txn.Condition;
import io.catena.core.txn.Op;
import io.catena.core.txn.TxnResult;
import io.catena.core.txn.TxnSpec;
import io.catena.core.txn.UpdateFn;
import io.catena.wire.ClientMessage;
import io.catena.wire.ErrorNotice;
import io.catena.wire.Frame;
import io.catena.wire.Hello;
import io.catena.wire.ProcessRole;
import io.catena.wire.Refusal;
import io.catena.wire.Welcome;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * Frames whose JSON encodings are fixed in {@code golden-frames.jsonl}, one line each, so that a
 * change to the wire format is a deliberate edit of that file (see {@link WireFormatGoldenTest}).
 */
final class GoldenFrames {

    private GoldenFrames() {
    }

    /** In the order of {@code golden-frames.jsonl}. */
    static List<Frame> all() {
        List<Frame> frames = new ArrayList<>();
        frames.add(new Hello(1, "prod", "eu-west", "d1g3st", null, null, Hello.PeerKind.NODE, "node-a"));
        frames.add(new Hello(1, "prod", "eu-west", null, null, null, Hello.PeerKind.CLIENT, null));
        frames.add(new Hello(2, "prod", "eu-west", "d1g3st", "5e771ng5", null, Hello.PeerKind.NODE, "node-a"));
        frames.add(new Hello(2, "prod", "eu-west", null, null, null, Hello.PeerKind.CLIENT, null));
        frames.add(new Hello(3, "prod", "eu-west", "d1g3st", "5e771ng5", OptionalLong.of(1_234_567_890_123L),
                Hello.PeerKind.NODE, "node-a"));
        frames.add(new Hello(3, "prod", "eu-west", "d1g3st", "5e771ng5", OptionalLong.of(-20_000_000L),
                Hello.PeerKind.NODE, "node-a"));
        frames.add(new Hello(3, "prod", "eu-west", null, null, null, Hello.PeerKind.CLIENT, null));
        frames.add(new Hello(4, "prod", "eu-west", "d1g3st", "5e771ng5", OptionalLong.of(1_234_567_890_123L),
                Hello.PeerKind.NODE, "node-a", ProcessRole.COORDINATOR));
        frames.add(new Hello(4, "prod", "eu-west", "d1g3st", "5e771ng5", OptionalLong.of(1_234_567_890_123L),
                Hello.PeerKind.NODE, "cs-2", ProcessRole.chainServer(2)));
        frames.add(new Hello(4, "prod", "eu-west", null, null, null, Hello.PeerKind.CLIENT, null));
        frames.add(new Hello(5, "prod", "eu-west", "d1g3st", "5e771ng5", OptionalLong.of(1_234_567_890_123L),
                Hello.PeerKind.NODE, "node-b", ProcessRole.COORDINATOR, 7));
        frames.add(new Hello(5, "prod", "eu-west", null, null, null, Hello.PeerKind.CLIENT, null));
        frames.add(new Welcome(1, "prod", "us-east", 2, 17));
        frames.add(new Welcome(4, "prod", "us-east", 2, -1, ProcessRole.chainServer(1)));
        frames.add(new Welcome(6, "prod", "us-east", 2, 17, ProcessRole.COORDINATOR, OptionalLong.of(1_234_567_890_123L)));
        frames.add(new Welcome(6, "prod", "us-east", 2, -1, ProcessRole.chainServer(1), OptionalLong.empty()));
        frames.add(new Refusal("cluster name mismatch"));
        frames.add(new ErrorNotice(ErrorNotice.Code.OVERLOADED, new RequestId(-1, Long.MAX_VALUE), "try later"));
        frames.add(new ErrorNotice(ErrorNotice.Code.TOO_LARGE, null, "too big"));
        frames.add(TypicalFrames.submit());
        frames.add(TypicalFrames.reply());
        frames.add(new ClientMessage(new SubmitTxn(new RequestId(1, 2), new TxnSpec.AdHoc(List.of(
                new Op.Read(RowKey.of("t", "p", "c")),
                new Op.Write(RowKey.of("t", "p"), Row.of(Map.of("n", Datum.of(Long.MIN_VALUE), "s", Datum.of("\u00e9\ud83d\ude00"),
                        "l", Datum.of(List.of(Datum.of(1), Datum.of(List.of(Datum.of("x")))))))),
                new Op.Update(RowKey.of("t", "p"), new UpdateFn.SetField("s", Datum.of("v"))),
                new Op.Update(RowKey.of("t", "p"), new UpdateFn.Append("l", Datum.of(3))),
                new Op.Insert(RowKey.of("t", "q"), Row.EMPTY),
                new Op.Delete(RowKey.of("t", "r")),
                new Op.Check(RowKey.of("t", "p"), new Condition.Exists()),
                new Op.Check(RowKey.of("t", "q"), new Condition.Absent()),
                new Op.Check(RowKey.of("t", "p"), new Condition.Compare("n", Condition.Comparison.GE, Datum.of(0))))),
                -20_000_000)));
        // An interactive transaction's commit: what it read, as digests, then its writes.
        frames.add(new ClientMessage(new SubmitTxn(new RequestId(1, 3), new TxnSpec.AdHoc(List.of(
                new Op.Check(RowKey.of("t", "p"), new Condition.Unchanged(new RowDigest(0x0123456789abcdefL, -2L))),
                new Op.CheckPartition(ChainKey.of("t", "q"), new RowDigest(Long.MIN_VALUE, 42L)),
                new Op.Update(RowKey.of("t", "p"), new UpdateFn.Add("n", 5)))),
                -20_000_000)));
        // Snapshot reads: of rows alone, encoded as before partitions existed, and mixed with
        // whole partitions, whose rows the answer carries after the rows read by key.
        frames.add(new ClientMessage(new SubmitReadOnly(new RequestId(4711, 43),
                List.of(RowKey.of("accounts", "acct-17")), Version.of(1_000_123, 4))));
        frames.add(new ClientMessage(new SubmitReadOnly(new RequestId(4711, 44), List.of(RowKey.of("districts", "w1-d7")),
                Version.ZERO, List.of(ChainKey.of("orders", "w1-d7"), ChainKey.of("orders", "w1-d8")))));
        List<ReadResult> mixed = List.of(new ReadResult(RowKey.of("districts", "w1-d7"), Row.of("nextOrder", 3002)),
                new ReadResult(RowKey.of("orders", "w1-d7", "o3000"), Row.of("lines", 5)),
                new ReadResult(RowKey.of("orders", "w1-d7", "o3001"), Row.of("lines", 7)));
        frames.add(new ClientMessage(new TxnReply(new RequestId(4711, 44), TxnResult.committed(mixed, Row.EMPTY),
                Version.of(1_000_120, 0), false)));
        // An outcome lookup: the query's own request id, then the one it asks about.
        frames.add(new ClientMessage(new QueryOutcome(new RequestId(4711, 45), new RequestId(4711, 44))));
        return frames;
    }
}
