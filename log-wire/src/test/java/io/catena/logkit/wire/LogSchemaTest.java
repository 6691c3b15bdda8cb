package io.catena.logkit.wire;

import static io.catena.wire.CoreArbitraries.chainKeys;
import static io.catena.wire.CoreArbitraries.rowWrites;
import static io.catena.wire.CoreArbitraries.txnIds;
import static io.catena.wire.CoreArbitraries.versions;

import io.catena.core.message.Message;
import io.catena.core.message.MessageKind;
import io.catena.logkit.message.LogMessageType;
import io.catena.logkit.message.TxnRecord;
import io.catena.logkit.message.TxnRecord.Finished;
import io.catena.logkit.message.TxnRecord.Pending;
import io.catena.logkit.message.LogShipment;
import io.catena.kit.KeyCommit;
import io.catena.rlog.LogRecord;
import io.catena.rlog.Shipment;
import io.catena.rlog.TimetableSnapshot;
import io.catena.wire.Frame;
import io.catena.wire.codec.PluginSchema;
import io.catena.wire.codec.PluginSchemaSuite;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;

class LogSchemaTest extends PluginSchemaSuite {

    /** A shipment of region 0 of two, up to its first record. */
    private static final String SHIP = "{\"type\":28,\"message\":{\"sender\":0,\"records\":[";
    /** What region 0 knows: its own log up to 5, region 1's up to 5; region 1 knows none of 0's. */
    private static final String TABLE = "],\"timetable\":[[5,5],[0,5]]}}";
    /** A finished record of region 0's transaction, up to its origin. */
    private static final String FINISHED = "{\"kind\":1,\"origin\":";
    /** A pending record of region 0 at 3, up to its first key. */
    private static final String PENDING = "{\"kind\":0,\"origin\":0,\"timestamp\":3,\"txn\":[1,0,0],\"keys\":[";

    @Override
    protected Class<? extends PluginSchema> schema() {
        return LogSchema.class;
    }

    @Override
    protected Map<MessageKind, Arbitrary<? extends Message>> byKind() {
        Map<MessageKind, Arbitrary<? extends Message>> byKind = new LinkedHashMap<>();
        byKind.put(LogMessageType.SHIPMENT, shipments().map(LogShipment::new));
        return byKind;
    }

    @Override
    protected List<Frame> goldenFrames() {
        return LogFrames.golden();
    }

    @Override
    protected List<Malformed> malformed() {
        return List.of(
                new Malformed(SHIP + "],\"timetable\":[[5,5],[0]]}}", "a timetable is square: row 1 has 1 entries, not 2"),
                new Malformed(SHIP + "],\"timetable\":[]}}", "a timetable has at least one region"),
                new Malformed(SHIP + "],\"timetable\":[[5,5],[-1,5]]}}", "timestamps are not negative: [1][0] = -1"),
                new Malformed(SHIP + "],\"timetable\":[[5,5],[6,5]]}}",
                        "region 0 believes region 1 knows region 0 up to 6 but knows only up to 5 itself"),
                new Malformed(SHIP + "],\"timetable\":[[5,5],[0,5]],\"sender\":0}}",
                        "LogShipment has an unexpected field 'sender'"),
                new Malformed("{\"type\":28,\"message\":{\"sender\":2,\"records\":[" + TABLE, "no region 2 among 2"),
                new Malformed("{\"type\":28,\"message\":{\"sender\":2147483648,\"records\":[" + TABLE,
                        "LogShipment.sender does not fit in 32 bits"),
                new Malformed(SHIP + FINISHED + "3,\"timestamp\":4,\"txn\":[1,3,0],\"committed\":true}" + TABLE,
                        "no region 3 among 2"),
                new Malformed(SHIP + FINISHED + "-1,\"timestamp\":4,\"txn\":[1,0,0],\"committed\":true}" + TABLE,
                        "region index must be non-negative: -1"),
                new Malformed(SHIP + FINISHED + "0,\"timestamp\":-4,\"txn\":[1,0,0],\"committed\":true}" + TABLE,
                        "a record's timestamp is positive: -4"),
                new Malformed(SHIP + FINISHED + "0,\"timestamp\":0,\"txn\":[1,0,0],\"committed\":true}" + TABLE,
                        "a record's timestamp is positive: 0"),
                new Malformed(SHIP + FINISHED + "1,\"timestamp\":9,\"txn\":[1,1,0],\"committed\":true}" + TABLE,
                        "region 0 ships r1@9 Finished[txn=T1.1.0, committed=true] beyond what its table says it "
                                + "knows of region 1, 5"),
                new Malformed(SHIP + FINISHED + "1,\"timestamp\":4,\"txn\":[1,1,0],\"committed\":false},"
                        + FINISHED + "0,\"timestamp\":4,\"txn\":[1,0,0],\"committed\":true}" + TABLE,
                        "records are shipped strictly by (timestamp, origin): r1@4 Finished[txn=T1.1.0, committed=false] then "
                                + "r0@4 Finished[txn=T1.0.0, committed=true]"),
                new Malformed(SHIP + "{\"kind\":2,\"origin\":0,\"timestamp\":4,\"txn\":[1,0,0],\"committed\":true}" + TABLE,
                        "LogRecord kind 2 is unknown"),
                new Malformed(SHIP + "{\"origin\":0,\"kind\":1,\"timestamp\":4,\"txn\":[1,0,0],\"committed\":true}" + TABLE,
                        "unexpected field 'origin' where LogRecord.kind belongs"),
                new Malformed(SHIP + FINISHED + "0,\"timestamp\":4,\"txn\":[1,0,0],\"committed\":1}" + TABLE,
                        "Finished.committed must be a boolean, not an integer"),
                new Malformed(SHIP + FINISHED + "0,\"timestamp\":4,\"txn\":[1,0,0],\"keys\":[]}" + TABLE,
                        "unexpected field 'keys' where Finished.committed belongs"),
                new Malformed(SHIP + FINISHED + "0,\"timestamp\":4,\"txn\":null,\"committed\":true}" + TABLE,
                        "LogRecord.txn must not be null"),
                new Malformed(SHIP + PENDING + "]}" + TABLE, "a pending record names its transaction and keys"),
                new Malformed(SHIP + PENDING + "{\"key\":[\"t\",\"p\"],\"observed\":null,\"writes\":[]}]}" + TABLE,
                        "KeyCommit.observed must not be null"),
                new Malformed(SHIP + PENDING + "{\"key\":[\"t\",\"p\"],\"observed\":[0,0],\"writes\":[{\"clustering\":\"c\"}]}]}"
                        + TABLE, "RowWrite.row is missing"));
    }

    @Override
    protected List<Frame> typicalFrames() {
        return List.of(LogFrames.preparing(), LogFrames.finished(), LogFrames.heartbeat());
    }

    /**
     * Shipments a region could send: one to four regions, a table whose sender's row is its
     * diagonal (the two invariants of a timetable leave it no other) and whose other entries lie
     * below it, and records of the table's regions that the sender knows, in (timestamp, origin)
     * order, now and then none.
     */
    private static Arbitrary<Shipment<TxnRecord>> shipments() {
        return Arbitraries.integers().between(1, 4).flatMap(regions -> Combinators.combine(
                Arbitraries.integers().between(0, regions - 1),
                Arbitraries.longs().between(0, Long.MAX_VALUE).array(long[].class).ofSize(regions),
                payloads().list().ofMaxSize(5),
                Arbitraries.randoms())
                .as((sender, known, payloads, random) -> shipment(sender, known, payloads, random)));
    }

    private static Shipment<TxnRecord> shipment(int sender, long[] known, List<TxnRecord> payloads, Random random) {
        int regions = known.length;
        long[][] table = new long[regions][regions];
        for (int b = 0; b < regions; b++) {
            for (int c = 0; c < regions; c++) {
                table[b][c] = b == sender || b == c || known[c] == 0 ? known[c] : Math.floorMod(random.nextLong(), known[c]);
            }
        }
        TreeMap<LogRecord<TxnRecord>, Boolean> records = new TreeMap<>(LogRecord.ORDER);
        for (TxnRecord payload : payloads) {
            int origin = random.nextInt(regions);
            if (known[origin] > 0) {
                records.putIfAbsent(new LogRecord<>(origin, 1 + Math.floorMod(random.nextLong(), known[origin]), payload),
                        true);
            }
        }
        return new Shipment<>(sender, new ArrayList<>(records.keySet()), TimetableSnapshot.of(table));
    }

    /** Pending records with one to three keys (some only read, some deleting), and finished ones of both kinds. */
    private static Arbitrary<TxnRecord> payloads() {
        Arbitrary<KeyCommit> keyCommits = Combinators.combine(chainKeys(), versions(), rowWrites().list().ofMaxSize(3))
                .as(KeyCommit::new);
        return Arbitraries.oneOf(
                Combinators.combine(txnIds(), keyCommits.list().ofMinSize(1).ofMaxSize(3)).as(Pending::new),
                Combinators.combine(txnIds(), Arbitraries.of(true, false)).as(Finished::new));
    }
}
