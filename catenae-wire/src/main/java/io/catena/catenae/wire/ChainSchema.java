package io.catena.catenae.wire;

import static io.catena.catenae.wire.CatenaFieldNames.CARRY;
import static io.catena.catenae.wire.CatenaFieldNames.COLLECT_BELOW;
import static io.catena.catenae.wire.CatenaFieldNames.COMMIT;
import static io.catena.catenae.wire.CatenaFieldNames.FOOTPRINTS;
import static io.catena.catenae.wire.CatenaFieldNames.HOP;
import static io.catena.catenae.wire.CatenaFieldNames.OVERTAKEN;
import static io.catena.catenae.wire.CatenaFieldNames.PEERS;
import static io.catena.catenae.wire.CatenaFieldNames.SERVER;
import static io.catena.catenae.wire.CatenaFieldNames.WAIT_FOR;
import static io.catena.wire.codec.FieldNames.ABORTED;
import static io.catena.wire.codec.FieldNames.ACCESS;
import static io.catena.wire.codec.FieldNames.CONTENDED;
import static io.catena.wire.codec.FieldNames.EPOCH;
import static io.catena.wire.codec.FieldNames.ORDER;
import static io.catena.wire.codec.FieldNames.OUTPUTS;
import static io.catena.wire.codec.FieldNames.READS;
import static io.catena.wire.codec.FieldNames.RESULT;
import static io.catena.wire.codec.FieldNames.SPEC;

import io.catena.catenae.message.BackwardPass;
import io.catena.catenae.message.CommitPass;
import io.catena.catenae.message.FinalizeTxn;
import io.catena.catenae.message.Footprint;
import io.catena.catenae.message.Footprints;
import io.catena.catenae.message.KeyOrderReport;
import io.catena.catenae.message.PeerVersion;
import io.catena.catenae.message.ResolveReply;
import io.catena.catenae.message.ResolveRequest;
import io.catena.catenae.message.TxnComputed;
import io.catena.catenae.message.TxnFinalized;
import io.catena.core.data.ChainKey;
import io.catena.core.data.ReadResult;
import io.catena.core.data.Row;
import io.catena.core.data.Version;
import io.catena.core.id.TxnId;
import io.catena.core.txn.Access;
import io.catena.core.txn.TxnResult;
import io.catena.core.txn.TxnSpec;
import io.catena.wire.codec.DataSchema;
import io.catena.wire.codec.IdSchema;
import io.catena.wire.codec.TxnSchema;
import io.catena.wire.codec.WireReader;
import io.catena.wire.codec.WireWriter;
import java.io.IOException;
import java.util.List;

/**
 * Messages that run a transaction along its chain of chain servers:
 * <pre>
 * Footprints     = {"epoch": long, "footprints": [Footprint, ...], "collectBelow": Version | null}
 * Footprint      = {"txn": TxnId, "key": ChainKey, "access": Access, "contended": bool}
 * BackwardPass   = {"txn": TxnId, "spec": TxnSpec, "hop": int, "carry": Row, "aborted": bool}
 * CommitPass     = {"txn": TxnId, "version": Version, "spec": TxnSpec, "hop": int, "carry": Row,
 *                   "reads": [ReadResult, ...], "outputs": Row, "peers": [PeerVersion, ...]}
 * PeerVersion    = {"txn": TxnId, "version": Version}
 * FinalizeTxn    = {"txn": TxnId, "version": Version, "commit": bool}
 * TxnComputed    = {"txn": TxnId, "version": Version, "result": TxnResult}
 * TxnFinalized   = {"txn": TxnId, "server": int}
 * KeyOrderReport = {"epoch": long, "key": ChainKey, "order": [TxnId, ...]}
 * ResolveRequest = {"txn": TxnId, "key": ChainKey, "overtaken": [TxnId, ...]}
 * ResolveReply   = {"txn": TxnId, "key": ChainKey, "waitFor": [TxnId, ...]}
 * </pre>
 */
final class ChainSchema {

    private ChainSchema() {
    }

    static void writeFootprints(WireWriter w, Footprints m) throws IOException {
        w.beginObject();
        w.field(EPOCH);
        w.longValue(m.epoch());
        w.field(FOOTPRINTS);
        w.list(m.footprints(), ChainSchema::writeFootprint);
        w.field(COLLECT_BELOW);
        w.nullable(m.collectBelow(), IdSchema::writeVersion);
        w.endObject();
    }

    static Footprints readFootprints(WireReader r) throws IOException {
        r.beginObject("Footprints");
        r.field(EPOCH, "Footprints.epoch");
        long epoch = r.longValue("Footprints.epoch");
        r.field(FOOTPRINTS, "Footprints.footprints");
        List<Footprint> footprints = r.list("Footprints.footprints", ChainSchema::readFootprint);
        Version collectBelow = r.nullableField(COLLECT_BELOW, "Footprints.collectBelow")
                ? IdSchema.readVersion(r) : null;
        r.endObject("Footprints");
        return new Footprints(epoch, footprints, collectBelow);
    }

    static void writeFootprint(WireWriter w, Footprint f) throws IOException {
        w.beginObject();
        IdSchema.writeTxnField(w, f.txn(), "Footprint.txn");
        DataSchema.writeKeyField(w, f.key(), "Footprint.key");
        w.field(ACCESS);
        w.intValue(TxnSchema.ACCESS.code(WireWriter.required(f.access(), "Footprint.access")));
        w.field(CONTENDED);
        w.bool(f.contended());
        w.endObject();
    }

    static Footprint readFootprint(WireReader r) throws IOException {
        r.beginObject("Footprint");
        TxnId txn = IdSchema.readTxnField(r, "Footprint.txn");
        ChainKey key = DataSchema.readKeyField(r, "Footprint.key");
        r.field(ACCESS, "Footprint.access");
        Access access = TxnSchema.ACCESS.constant(r.intValue("Footprint.access"));
        r.field(CONTENDED, "Footprint.contended");
        boolean contended = r.bool("Footprint.contended");
        r.endObject("Footprint");
        return new Footprint(txn, key, access, contended);
    }

    static void writeBackwardPass(WireWriter w, BackwardPass m) throws IOException {
        w.beginObject();
        IdSchema.writeTxnField(w, m.txn(), "BackwardPass.txn");
        w.field(SPEC);
        TxnSchema.writeSpec(w, WireWriter.required(m.spec(), "BackwardPass.spec"));
        w.field(HOP);
        w.intValue(m.hop());
        w.field(CARRY);
        DataSchema.writeRow(w, WireWriter.required(m.carry(), "BackwardPass.carry"));
        w.field(ABORTED);
        w.bool(m.aborted());
        w.endObject();
    }

    static BackwardPass readBackwardPass(WireReader r) throws IOException {
        r.beginObject("BackwardPass");
        TxnId txn = IdSchema.readTxnField(r, "BackwardPass.txn");
        r.field(SPEC, "BackwardPass.spec");
        TxnSpec spec = TxnSchema.readSpec(r);
        r.field(HOP, "BackwardPass.hop");
        int hop = r.intValue("BackwardPass.hop");
        r.field(CARRY, "BackwardPass.carry");
        Row carry = DataSchema.readRow(r);
        r.field(ABORTED, "BackwardPass.aborted");
        boolean aborted = r.bool("BackwardPass.aborted");
        r.endObject("BackwardPass");
        return new BackwardPass(txn, spec, hop, carry, aborted);
    }

    static void writeCommitPass(WireWriter w, CommitPass m) throws IOException {
        w.beginObject();
        IdSchema.writeTxnField(w, m.txn(), "CommitPass.txn");
        IdSchema.writeVersionField(w, m.version(), "CommitPass.version");
        w.field(SPEC);
        TxnSchema.writeSpec(w, WireWriter.required(m.spec(), "CommitPass.spec"));
        w.field(HOP);
        w.intValue(m.hop());
        w.field(CARRY);
        DataSchema.writeRow(w, WireWriter.required(m.carry(), "CommitPass.carry"));
        w.field(READS);
        DataSchema.writeReadResults(w, m.reads());
        w.field(OUTPUTS);
        DataSchema.writeRow(w, WireWriter.required(m.outputs(), "CommitPass.outputs"));
        w.field(PEERS);
        w.list(m.peers(), ChainSchema::writePeer);
        w.endObject();
    }

    static CommitPass readCommitPass(WireReader r) throws IOException {
        r.beginObject("CommitPass");
        TxnId txn = IdSchema.readTxnField(r, "CommitPass.txn");
        Version version = IdSchema.readVersionField(r, "CommitPass.version");
        r.field(SPEC, "CommitPass.spec");
        TxnSpec spec = TxnSchema.readSpec(r);
        r.field(HOP, "CommitPass.hop");
        int hop = r.intValue("CommitPass.hop");
        r.field(CARRY, "CommitPass.carry");
        Row carry = DataSchema.readRow(r);
        r.field(READS, "CommitPass.reads");
        List<ReadResult> reads = DataSchema.readReadResults(r, "CommitPass.reads");
        r.field(OUTPUTS, "CommitPass.outputs");
        Row outputs = DataSchema.readRow(r);
        r.field(PEERS, "CommitPass.peers");
        List<PeerVersion> peers = r.list("CommitPass.peers", ChainSchema::readPeer);
        r.endObject("CommitPass");
        return new CommitPass(txn, version, spec, hop, carry, reads, outputs, peers);
    }

    static void writePeer(WireWriter w, PeerVersion peer) throws IOException {
        w.beginObject();
        IdSchema.writeTxnField(w, peer.txn(), "PeerVersion.txn");
        IdSchema.writeVersionField(w, peer.version(), "PeerVersion.version");
        w.endObject();
    }

    static PeerVersion readPeer(WireReader r) throws IOException {
        r.beginObject("PeerVersion");
        TxnId txn = IdSchema.readTxnField(r, "PeerVersion.txn");
        Version version = IdSchema.readVersionField(r, "PeerVersion.version");
        r.endObject("PeerVersion");
        return new PeerVersion(txn, version);
    }

    static void writeFinalizeTxn(WireWriter w, FinalizeTxn m) throws IOException {
        w.beginObject();
        IdSchema.writeTxnField(w, m.txn(), "FinalizeTxn.txn");
        IdSchema.writeVersionField(w, m.version(), "FinalizeTxn.version");
        w.field(COMMIT);
        w.bool(m.commit());
        w.endObject();
    }

    static FinalizeTxn readFinalizeTxn(WireReader r) throws IOException {
        r.beginObject("FinalizeTxn");
        TxnId txn = IdSchema.readTxnField(r, "FinalizeTxn.txn");
        Version version = IdSchema.readVersionField(r, "FinalizeTxn.version");
        r.field(COMMIT, "FinalizeTxn.commit");
        boolean commit = r.bool("FinalizeTxn.commit");
        r.endObject("FinalizeTxn");
        return new FinalizeTxn(txn, version, commit);
    }

    static void writeTxnComputed(WireWriter w, TxnComputed m) throws IOException {
        w.beginObject();
        IdSchema.writeTxnField(w, m.txn(), "TxnComputed.txn");
        IdSchema.writeVersionField(w, m.version(), "TxnComputed.version");
        w.field(RESULT);
        TxnSchema.writeResult(w, WireWriter.required(m.result(), "TxnComputed.result"));
        w.endObject();
    }

    static TxnComputed readTxnComputed(WireReader r) throws IOException {
        r.beginObject("TxnComputed");
        TxnId txn = IdSchema.readTxnField(r, "TxnComputed.txn");
        Version version = IdSchema.readVersionField(r, "TxnComputed.version");
        r.field(RESULT, "TxnComputed.result");
        TxnResult result = TxnSchema.readResult(r);
        r.endObject("TxnComputed");
        return new TxnComputed(txn, version, result);
    }

    static void writeTxnFinalized(WireWriter w, TxnFinalized m) throws IOException {
        w.beginObject();
        IdSchema.writeTxnField(w, m.txn(), "TxnFinalized.txn");
        w.field(SERVER);
        w.intValue(m.server());
        w.endObject();
    }

    static TxnFinalized readTxnFinalized(WireReader r) throws IOException {
        r.beginObject("TxnFinalized");
        TxnId txn = IdSchema.readTxnField(r, "TxnFinalized.txn");
        r.field(SERVER, "TxnFinalized.server");
        int server = r.intValue("TxnFinalized.server");
        r.endObject("TxnFinalized");
        return new TxnFinalized(txn, server);
    }

    static void writeKeyOrderReport(WireWriter w, KeyOrderReport m) throws IOException {
        w.beginObject();
        w.field(EPOCH);
        w.longValue(m.epoch());
        DataSchema.writeKeyField(w, m.key(), "KeyOrderReport.key");
        w.field(ORDER);
        w.list(m.order(), IdSchema::writeTxn);
        w.endObject();
    }

    static KeyOrderReport readKeyOrderReport(WireReader r) throws IOException {
        r.beginObject("KeyOrderReport");
        r.field(EPOCH, "KeyOrderReport.epoch");
        long epoch = r.longValue("KeyOrderReport.epoch");
        ChainKey key = DataSchema.readKeyField(r, "KeyOrderReport.key");
        r.field(ORDER, "KeyOrderReport.order");
        List<TxnId> order = r.list("KeyOrderReport.order", IdSchema::readTxn);
        r.endObject("KeyOrderReport");
        return new KeyOrderReport(epoch, key, order);
    }

    static void writeResolveRequest(WireWriter w, ResolveRequest m) throws IOException {
        w.beginObject();
        IdSchema.writeTxnField(w, m.txn(), "ResolveRequest.txn");
        DataSchema.writeKeyField(w, m.key(), "ResolveRequest.key");
        w.field(OVERTAKEN);
        w.list(m.overtaken(), IdSchema::writeTxn);
        w.endObject();
    }

    static ResolveRequest readResolveRequest(WireReader r) throws IOException {
        r.beginObject("ResolveRequest");
        TxnId txn = IdSchema.readTxnField(r, "ResolveRequest.txn");
        ChainKey key = DataSchema.readKeyField(r, "ResolveRequest.key");
        r.field(OVERTAKEN, "ResolveRequest.overtaken");
        List<TxnId> overtaken = r.list("ResolveRequest.overtaken", IdSchema::readTxn);
        r.endObject("ResolveRequest");
        return new ResolveRequest(txn, key, overtaken);
    }

    static void writeResolveReply(WireWriter w, ResolveReply m) throws IOException {
        w.beginObject();
        IdSchema.writeTxnField(w, m.txn(), "ResolveReply.txn");
        DataSchema.writeKeyField(w, m.key(), "ResolveReply.key");
        w.field(WAIT_FOR);
        w.list(m.waitFor(), IdSchema::writeTxn);
        w.endObject();
    }

    static ResolveReply readResolveReply(WireReader r) throws IOException {
        r.beginObject("ResolveReply");
        TxnId txn = IdSchema.readTxnField(r, "ResolveReply.txn");
        ChainKey key = DataSchema.readKeyField(r, "ResolveReply.key");
        r.field(WAIT_FOR, "ResolveReply.waitFor");
        List<TxnId> waitFor = r.list("ResolveReply.waitFor", IdSchema::readTxn);
        r.endObject("ResolveReply");
        return new ResolveReply(txn, key, waitFor);
    }
}
