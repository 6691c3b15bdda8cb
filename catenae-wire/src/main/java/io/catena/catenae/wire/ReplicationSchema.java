package io.catena.catenae.wire;

import static io.catena.catenae.wire.CatenaFieldNames.FROM_EPOCH;
import static io.catena.catenae.wire.CatenaFieldNames.INCARNATION;
import static io.catena.catenae.wire.CatenaFieldNames.SERVER;
import static io.catena.wire.codec.FieldNames.EPOCH;
import static io.catena.wire.codec.FieldNames.FROM;
import static io.catena.wire.codec.FieldNames.RECORDS;
import static io.catena.wire.codec.FieldNames.TIMETABLE;

import io.catena.catenae.message.ChainServerHello;
import io.catena.catenae.message.EpochMessage;
import io.catena.catenae.message.EpochRetired;
import io.catena.catenae.message.ResyncChainServer;
import io.catena.core.id.RegionId;
import io.catena.core.rlog.RLogRecord;
import io.catena.core.rlog.Timetable;
import io.catena.wire.codec.IdSchema;
import io.catena.wire.codec.RLogSchema;
import io.catena.wire.codec.WireReader;
import io.catena.wire.codec.WireWriter;
import java.io.IOException;
import java.util.List;

/**
 * Epoch traffic between coordinators, and the coordinator's bookkeeping with its chain servers
 * and resolver:
 * <pre>
 * EpochMessage      = {"from": RegionId, "records": [RLogRecord, ...], "timetable": Timetable}
 * EpochRetired      = {"epoch": long}
 * ChainServerHello  = {"server": int, "incarnation": long}
 * ResyncChainServer = {"fromEpoch": long, "incarnation": long}
 * </pre>
 */
final class ReplicationSchema {

    private ReplicationSchema() {
    }

    static void writeEpochMessage(WireWriter w, EpochMessage m) throws IOException {
        w.beginObject();
        w.field(FROM);
        IdSchema.writeRegion(w, WireWriter.required(m.from(), "EpochMessage.from"));
        w.field(RECORDS);
        w.list(m.records(), RLogSchema::writeRecord);
        w.field(TIMETABLE);
        RLogSchema.writeTimetable(w, WireWriter.required(m.timetable(), "EpochMessage.timetable"));
        w.endObject();
    }

    static EpochMessage readEpochMessage(WireReader r) throws IOException {
        r.beginObject("EpochMessage");
        r.field(FROM, "EpochMessage.from");
        RegionId from = IdSchema.readRegion(r);
        r.field(RECORDS, "EpochMessage.records");
        List<RLogRecord> records = r.list("EpochMessage.records", RLogSchema::readRecord);
        r.field(TIMETABLE, "EpochMessage.timetable");
        Timetable timetable = RLogSchema.readTimetable(r);
        r.endObject("EpochMessage");
        return new EpochMessage(from, records, timetable);
    }

    static void writeEpochRetired(WireWriter w, EpochRetired m) throws IOException {
        w.beginObject();
        w.field(EPOCH);
        w.longValue(m.epoch());
        w.endObject();
    }

    static EpochRetired readEpochRetired(WireReader r) throws IOException {
        r.beginObject("EpochRetired");
        r.field(EPOCH, "EpochRetired.epoch");
        long epoch = r.longValue("EpochRetired.epoch");
        r.endObject("EpochRetired");
        return new EpochRetired(epoch);
    }

    static void writeChainServerHello(WireWriter w, ChainServerHello m) throws IOException {
        w.beginObject();
        w.field(SERVER);
        w.intValue(m.server());
        w.field(INCARNATION);
        w.longValue(m.incarnation());
        w.endObject();
    }

    static ChainServerHello readChainServerHello(WireReader r) throws IOException {
        r.beginObject("ChainServerHello");
        r.field(SERVER, "ChainServerHello.server");
        int server = r.intValue("ChainServerHello.server");
        r.field(INCARNATION, "ChainServerHello.incarnation");
        long incarnation = r.longValue("ChainServerHello.incarnation");
        r.endObject("ChainServerHello");
        return new ChainServerHello(server, incarnation);
    }

    static void writeResyncChainServer(WireWriter w, ResyncChainServer m) throws IOException {
        w.beginObject();
        w.field(FROM_EPOCH);
        w.longValue(m.fromEpoch());
        w.field(INCARNATION);
        w.longValue(m.incarnation());
        w.endObject();
    }

    static ResyncChainServer readResyncChainServer(WireReader r) throws IOException {
        r.beginObject("ResyncChainServer");
        r.field(FROM_EPOCH, "ResyncChainServer.fromEpoch");
        long fromEpoch = r.longValue("ResyncChainServer.fromEpoch");
        r.field(INCARNATION, "ResyncChainServer.incarnation");
        long incarnation = r.longValue("ResyncChainServer.incarnation");
        r.endObject("ResyncChainServer");
        return new ResyncChainServer(fromEpoch, incarnation);
    }
}
