package io.catena.logkit.wire;

import io.catena.core.data.ChainKey;
import io.catena.core.data.Row;
import io.catena.core.data.RowWrite;
import io.catena.core.data.Version;
import io.catena.core.id.NodeId;
import io.catena.core.id.RegionId;
import io.catena.core.id.TxnId;
import io.catena.logkit.message.TxnRecord;
import io.catena.logkit.message.TxnRecord.Finished;
import io.catena.logkit.message.TxnRecord.Pending;
import io.catena.logkit.message.LogShipment;
import io.catena.kit.KeyCommit;
import io.catena.rlog.LogRecord;
import io.catena.rlog.Shipment;
import io.catena.rlog.TimetableSnapshot;
import io.catena.wire.Frame;
import io.catena.wire.NodeMessage;
import java.util.ArrayList;
import java.util.List;

/**
 * The log protocols' frames whose JSON encodings are fixed in {@code golden-frames.jsonl}: region us (0) of
 * three ships europe (1) a bank transfer's pending record, then its finished record, then
 * nothing but its timetable; then a shipment that relays another region's records, an abort, a
 * key only read and a deletion.
 */
final class LogFrames {

    private static final int US = 0;
    private static final int EU = 1;
    private static final int ASIA = 2;
    /** The transfer: stamped q = 61,000,123 µs after genesis at us, its 7th transaction. */
    private static final long Q = 61_000_123L;
    private static final TxnId TRANSFER = new TxnId(Q, RegionId.of(US), 7);

    private LogFrames() {
    }

    /** The transfer prepares: both balances, each built on the version it read. */
    static NodeMessage preparing() {
        return ship(List.of(new LogRecord<>(US, Q, new Pending(TRANSFER, List.of(
                new KeyCommit(ChainKey.of("accounts", "acct-17"), Version.of(60_990_004L, 2),
                        List.of(RowWrite.put("", Row.of("balance", 95_000)))),
                new KeyCommit(ChainKey.of("accounts", "acct-99"), Version.of(60_870_512L, 0),
                        List.of(RowWrite.put("", Row.of("balance", 102_500)))))))),
                table(Q, Q - 9_870, Q - 4_410));
    }

    /** It committed, once us knew both peers' logs up to its q. */
    static NodeMessage finished() {
        return ship(List.of(new LogRecord<>(US, Q + 152_377, new Finished(TRANSFER, true))),
                table(Q + 152_377, Q + 148_120, Q + 143_806));
    }

    /** A tick with nothing new: the timetable alone, so europe learns how far us has got. */
    static NodeMessage heartbeat() {
        return ship(List.of(), table(Q + 162_400, Q + 158_120, Q + 153_806));
    }

    /** In the order of {@code golden-frames.jsonl}. */
    static List<Frame> golden() {
        List<Frame> frames = new ArrayList<>(List.of(preparing(), finished(), heartbeat()));
        TxnId asias = new TxnId(40, RegionId.of(ASIA), 0);
        TxnId europes = new TxnId(41, RegionId.of(EU), 3);
        // Asia ships us what it believes us lacks: europe's records too, in (timestamp, origin) order.
        frames.add(new NodeMessage(NodeId.coordinator(RegionId.of(ASIA)), NodeId.coordinator(RegionId.of(US)),
                new LogShipment(new Shipment<>(ASIA, List.of(
                        new LogRecord<>(ASIA, 40, new Pending(asias, List.of(
                                new KeyCommit(ChainKey.of("t", "p"), Version.of(8, 1), List.of()),
                                new KeyCommit(ChainKey.of("t", "q"), Version.ZERO,
                                        List.of(RowWrite.put("c", Row.EMPTY), RowWrite.delete("d")))))),
                        new LogRecord<>(EU, 41, new Pending(europes, List.of(
                                new KeyCommit(ChainKey.of("t", "q"), Version.ZERO, List.of(RowWrite.delete("d")))))),
                        new LogRecord<>(EU, 45, new Finished(europes, true)),
                        new LogRecord<>(ASIA, 45, new Finished(asias, false))),
                        TimetableSnapshot.of(new long[][] {{30, 45, 0}, {0, 45, 45}, {30, 45, 50}})))));
        // The extremes: a table of one region, a stamp and a transaction at the end of time.
        TxnId last = new TxnId(Long.MAX_VALUE, RegionId.of(US), Integer.MAX_VALUE);
        frames.add(new NodeMessage(NodeId.coordinator(RegionId.of(US)), NodeId.coordinator(RegionId.of(US)),
                new LogShipment(new Shipment<>(US, List.of(new LogRecord<>(US, Long.MAX_VALUE, new Finished(last, true))),
                        TimetableSnapshot.of(new long[][] {{Long.MAX_VALUE}})))));
        return frames;
    }

    /** Us ships europe; europe's and asia's entries in us' row are what us knows of their logs. */
    private static NodeMessage ship(List<LogRecord<TxnRecord>> records, long[] usKnows) {
        long[][] table = new long[3][3];
        table[US] = usKnows.clone();
        table[EU][EU] = usKnows[EU];
        table[ASIA][ASIA] = usKnows[ASIA];
        // What us believes europe has of us' log: everything before this shipment's records.
        table[EU][US] = records.isEmpty() ? usKnows[US] - 10_023 : records.get(0).timestamp() - 1;
        return new NodeMessage(NodeId.coordinator(RegionId.of(US)), NodeId.coordinator(RegionId.of(EU)),
                new LogShipment(new Shipment<>(US, records, TimetableSnapshot.of(table))));
    }

    private static long[] table(long us, long eu, long asia) {
        return new long[] {us, eu, asia};
    }
}
