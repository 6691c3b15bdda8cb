package io.catena.logkit;

import io.catena.core.id.NodeId;
import io.catena.core.message.Message;
import io.catena.kit.StableRecords;
import io.catena.logkit.message.LogShipment;
import io.catena.logkit.message.TxnRecord;
import io.catena.rlog.ReplicatedLog;
import io.catena.rlog.TimetableSnapshot;
import java.util.ArrayList;
import java.util.List;
import java.util.function.BiConsumer;

/**
 * A region's shipments to its peers: what each covers of the region's own log, and when they may
 * leave. A shipment tells peers what this region knows, and peers discard what they believe it has
 * and never ship it again, so a shipment leaves only once everything it tells is durable here: the
 * records and the timetable (a crash that lost either would leave this region refusing its peers'
 * shipments for ever, as the log refuses any sender that believes it knows more than it does).
 *
 * <p>Owned by one node; every call on its thread.
 */
final class Shipments {

    private final List<NodeId> peers;
    private final BiConsumer<NodeId, Message> send;
    /** The timetable as last made durable: a shipment tells peers no more than this. */
    private TimetableSnapshot storedTable;
    /**
     * How far the last shipment this region built covers its own log (0: none built yet): every
     * shipment built later carries what it appends now. Each shipment covers more than the one
     * before, across restarts too, so that a peer known to have the region's log up to it has
     * received that shipment or a later one.
     */
    private long lastCovered;

    Shipments(List<NodeId> peers, BiConsumer<NodeId, Message> send) {
        this.peers = List.copyOf(peers);
        this.send = send;
    }

    /**
     * Takes back what the stable records hold: the timetable last made durable, and, if the region
     * had shipped before, its own log as restored, which covers everything it sent before the crash.
     */
    void restored(TimetableSnapshot table, boolean shippedBefore, long ownKnown) {
        storedTable = table;
        if (shippedBefore) {
            lastCovered = ownKnown;
        }
    }

    /**
     * What a transaction requested now may wait for peers to acknowledge (Message Futures' LPT): the
     * last shipment built, or before any, the first, which carries the transaction.
     */
    long coveredBeforeRequest() {
        return Math.max(lastCovered, 1);
    }

    /**
     * Declares that this region appended nothing else up to now, at least one above the last
     * shipment's coverage, so that the shipment about to be built covers more.
     */
    void cover(ReplicatedLog<TxnRecord> log, long nowMicros) {
        log.advance(Math.max(nowMicros, lastCovered + 1));
        lastCovered = log.known(log.self());
    }

    /** Builds each peer's shipment now, and sends them once what they tell is durable. */
    void ship(ReplicatedLog<TxnRecord> log, StableRecords records) {
        TimetableSnapshot table = log.timetable();
        List<LogShipment> shipments = new ArrayList<>(peers.size());
        for (NodeId p : peers) {
            shipments.add(new LogShipment(log.shipmentTo(p.region().index())));
        }
        Runnable sendAll = () -> {
            for (int i = 0; i < peers.size(); i++) {
                send.accept(peers.get(i), shipments.get(i));
            }
        };
        if (records.everythingStored() && table.equals(storedTable)) {
            sendAll.run();
            return;
        }
        records.record(RecordCodec.TIMETABLE_ROW, RecordCodec.encode(table), () -> {
            storedTable = table;
            sendAll.run();
        });
    }
}
