package io.catena.wire.codec;

import io.catena.core.data.Version;
import io.catena.core.id.NodeId;
import io.catena.core.id.RegionId;
import io.catena.core.id.RequestId;
import io.catena.core.id.TxnId;
import io.catena.core.rlog.BatchRef;
import java.io.IOException;

/**
 * Identifiers and versions. They are small, fixed-size and everywhere (an epoch message lists
 * many transaction ids), so each is a tuple rather than an object:
 * <pre>
 * RegionId  = index
 * NodeId    = [region, role, index]
 * TxnId     = [epoch, origin, position]
 * RequestId = [client, sequence]
 * Version   = [epoch, rank]
 * BatchRef  = [origin, epoch]
 * </pre>
 */
public final class IdSchema {

    public static final EnumCodes<NodeId.Role> ROLES = new EnumCodes<>(NodeId.Role.class,
            NodeId.Role.COORDINATOR, NodeId.Role.RESOLVER, NodeId.Role.CHAIN_SERVER, NodeId.Role.CLIENT);

    /** Region ids are few and small; sharing them saves an allocation per id read. */
    private static final RegionId[] REGIONS = new RegionId[64];

    static {
        for (int i = 0; i < REGIONS.length; i++) {
            REGIONS[i] = RegionId.of(i);
        }
    }

    private IdSchema() {
    }

    public static RegionId region(int index) {
        return index >= 0 && index < REGIONS.length ? REGIONS[index] : RegionId.of(index);
    }

    public static void writeRegion(WireWriter w, RegionId region) throws IOException {
        w.intValue(region.index());
    }

    public static RegionId readRegion(WireReader r) throws IOException {
        return region(r.intValue("RegionId"));
    }

    public static void writeNode(WireWriter w, NodeId node) throws IOException {
        w.beginTuple();
        w.intValue(node.region().index());
        w.intValue(ROLES.code(node.role()));
        w.intValue(node.index());
        w.endTuple();
    }

    public static NodeId readNode(WireReader r) throws IOException {
        r.beginTuple("NodeId");
        RegionId region = region(r.nextInt("NodeId.region"));
        NodeId.Role role = ROLES.constant(r.nextInt("NodeId.role"));
        int index = r.nextInt("NodeId.index");
        r.endTuple("NodeId");
        return new NodeId(region, role, index);
    }

    public static void writeTxn(WireWriter w, TxnId txn) throws IOException {
        w.beginTuple();
        w.longValue(txn.epoch());
        w.intValue(txn.origin().index());
        w.intValue(txn.position());
        w.endTuple();
    }

    public static TxnId readTxn(WireReader r) throws IOException {
        r.beginTuple("TxnId");
        long epoch = r.nextLong("TxnId.epoch");
        RegionId origin = region(r.nextInt("TxnId.origin"));
        int position = r.nextInt("TxnId.position");
        r.endTuple("TxnId");
        return new TxnId(epoch, origin, position);
    }

    public static void writeRequest(WireWriter w, RequestId request) throws IOException {
        w.beginTuple();
        w.longValue(request.client());
        w.longValue(request.sequence());
        w.endTuple();
    }

    public static RequestId readRequest(WireReader r) throws IOException {
        r.beginTuple("RequestId");
        long client = r.nextLong("RequestId.client");
        long sequence = r.nextLong("RequestId.sequence");
        r.endTuple("RequestId");
        return new RequestId(client, sequence);
    }

    public static void writeVersion(WireWriter w, Version version) throws IOException {
        w.beginTuple();
        w.longValue(version.epoch());
        w.intValue(version.rank());
        w.endTuple();
    }

    public static Version readVersion(WireReader r) throws IOException {
        r.beginTuple("Version");
        long epoch = r.nextLong("Version.epoch");
        int rank = r.nextInt("Version.rank");
        r.endTuple("Version");
        return new Version(epoch, rank);
    }

    public static void writeBatch(WireWriter w, BatchRef batch) throws IOException {
        w.beginTuple();
        w.intValue(WireWriter.required(batch.origin(), "BatchRef.origin").index());
        w.longValue(batch.epoch());
        w.endTuple();
    }

    public static BatchRef readBatch(WireReader r) throws IOException {
        r.beginTuple("BatchRef");
        RegionId origin = region(r.nextInt("BatchRef.origin"));
        long epoch = r.nextLong("BatchRef.epoch");
        r.endTuple("BatchRef");
        return new BatchRef(origin, epoch);
    }

    /** Field {@code txn} and its value, required: {@code what} names it when it is missing. */
    public static void writeTxnField(WireWriter w, TxnId txn, String what) throws IOException {
        w.field(FieldNames.TXN);
        writeTxn(w, WireWriter.required(txn, what));
    }

    public static TxnId readTxnField(WireReader r, String what) throws IOException {
        r.field(FieldNames.TXN, what);
        return readTxn(r);
    }

    /** Field {@code version} and its value, required: {@code what} names it when it is missing. */
    public static void writeVersionField(WireWriter w, Version version, String what) throws IOException {
        w.field(FieldNames.VERSION);
        writeVersion(w, WireWriter.required(version, what));
    }

    public static Version readVersionField(WireReader r, String what) throws IOException {
        r.field(FieldNames.VERSION, what);
        return readVersion(r);
    }
}
