package io.catena.catenae.wire;

import io.catena.catenae.message.AnnounceMembership;
import io.catena.catenae.message.ChangeMembership;
import io.catena.catenae.message.EpochMessage;
import io.catena.catenae.message.Footprint;
import io.catena.catenae.message.Footprints;
import io.catena.catenae.message.KeysHandedOff;
import io.catena.catenae.message.SnapshotRead;
import io.catena.catenae.message.SnapshotReply;
import io.catena.core.data.ChainKey;
import io.catena.core.data.ReadResult;
import io.catena.core.data.Row;
import io.catena.core.data.RowKey;
import io.catena.core.data.Version;
import io.catena.core.id.NodeId;
import io.catena.core.id.RegionId;
import io.catena.core.id.RequestId;
import io.catena.core.id.TxnId;
import io.catena.core.membership.KeyRange;
import io.catena.core.membership.OwnershipMap;
import io.catena.core.rlog.EpochVector;
import io.catena.core.rlog.KeyOrderVote;
import io.catena.core.rlog.RLogRecord;
import io.catena.core.rlog.Timetable;
import io.catena.core.rlog.TxnEntry;
import io.catena.core.txn.Access;
import io.catena.wire.Frame;
import io.catena.wire.NodeMessage;
import io.catena.wire.codec.TypicalFrames;
import java.util.ArrayList;
import java.util.List;

/**
 * Catena's frames whose JSON encodings are fixed in {@code golden-frames.jsonl}, and the epoch
 * message a coordinator of a three-region cluster ships with a batch of wire's typical transfers.
 */
final class CatenaFrames {

    private static final RegionId HOME = RegionId.of(1);

    private CatenaFrames() {
    }

    /** In the order of {@code golden-frames.jsonl}. */
    static List<Frame> golden() {
        List<Frame> frames = new ArrayList<>();
        frames.add(epochMessage(1));
        frames.add(new NodeMessage(NodeId.coordinator(RegionId.of(0)), NodeId.chainServer(RegionId.of(0), 3),
                new Footprints(9, List.of(new Footprint(new TxnId(9, RegionId.of(2), 1), ChainKey.of("t", "p"),
                        Access.READ_WRITE, true)), null)));
        frames.add(new NodeMessage(NodeId.client(RegionId.of(1), 4), NodeId.resolver(RegionId.of(1)),
                new Footprints(9, List.of(), Version.MAX)));
        // Snapshot reads of rows and whole partitions, of partitions alone, and of rows alone
        // (encoded as before partitions existed); the answer carries the partitions' rows after the
        // rows read by key.
        NodeId coordinator = NodeId.coordinator(RegionId.of(1));
        NodeId server = NodeId.chainServer(RegionId.of(1), 2);
        frames.add(new NodeMessage(coordinator, server, new SnapshotRead(5, List.of(RowKey.of("districts", "w1-d7")),
                null, List.of(ChainKey.of("orders", "w1-d7"), ChainKey.of("orders", "w1-d8")))));
        frames.add(new NodeMessage(coordinator, server, new SnapshotRead(5, List.of(), Version.of(1_000_120, 0),
                List.of(ChainKey.of("orders", "w1-d7")))));
        frames.add(new NodeMessage(coordinator, server, new SnapshotRead(6, List.of(RowKey.of("t", "p", "c")),
                Version.of(1_000_120, 0))));
        List<ReadResult> mixed = List.of(new ReadResult(RowKey.of("districts", "w1-d7"), Row.of("nextOrder", 3002)),
                new ReadResult(RowKey.of("orders", "w1-d7", "o3000"), Row.of("lines", 5)),
                new ReadResult(RowKey.of("orders", "w1-d7", "o3001"), Row.of("lines", 7)));
        frames.add(new NodeMessage(server, coordinator, new SnapshotReply(5, 2, Version.of(1_000_120, 0), mixed)));
        // A membership change: asked by the host, announced from an epoch, handed off.
        OwnershipMap moved = new OwnershipMap("hash", List.of(new KeyRange(new byte[0], 0),
                new KeyRange(new byte[] {0x40}, 1), new KeyRange(new byte[] {(byte) 0xc0}, 0)));
        NodeId home = NodeId.coordinator(RegionId.of(0));
        NodeId joined = NodeId.chainServer(RegionId.of(0), 2);
        frames.add(new NodeMessage(home, home, new ChangeMembership(moved)));
        frames.add(new NodeMessage(home, joined, new AnnounceMembership(1_000_120, moved)));
        frames.add(new NodeMessage(home, joined, new KeysHandedOff(1_000_120)));
        // A record that cancels requests outcome lookups asked about (records without them are
        // encoded as before cancellations existed, as the first frame shows).
        long epoch = 1_000_124;
        EpochVector receipts = EpochVector.of(epoch - 1, epoch, epoch - 1);
        RLogRecord cancelling = new RLogRecord(HOME, epoch, List.of(), receipts, List.of(), List.of(),
                Version.of(epoch - 3, 0), List.of(new RequestId(4711, 902), new RequestId(-5, 1)));
        Timetable timetable = Timetable.of(EpochVector.of(epoch - 2, epoch - 3, epoch - 2), receipts,
                EpochVector.of(epoch - 2, epoch - 2, epoch - 2));
        frames.add(new NodeMessage(NodeId.coordinator(HOME), NodeId.coordinator(RegionId.of(0)),
                new EpochMessage(HOME, List.of(cancelling), timetable)));
        return frames;
    }

    /** One epoch's record with {@code transactions} transfers, two key votes, to one peer region. */
    static NodeMessage epochMessage(int transactions) {
        long epoch = 1_000_123;
        List<TxnEntry> txns = new ArrayList<>();
        for (int i = 0; i < transactions; i++) {
            txns.add(new TxnEntry(new TxnId(epoch, HOME, i), new RequestId(4711 + i % 7, 900 + i), 37 * i,
                    TypicalFrames.transferCall(900 + i, i * 13 % 1000, i * 29 % 1000).spec()));
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
