package io.catena.baselines.wire;

import static io.catena.wire.codec.FieldNames.ACCESS;
import static io.catena.wire.codec.FieldNames.KEYS;
import static io.catena.wire.codec.FieldNames.OBSERVED;
import static io.catena.wire.codec.FieldNames.VERSION;

import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.SerializedString;
import io.catena.baselines.message.BaselineMessageType;
import io.catena.baselines.message.ClaimKeys;
import io.catena.baselines.message.ClaimReply;
import io.catena.baselines.message.ClaimVerdict;
import io.catena.baselines.message.CommitApplied;
import io.catena.baselines.message.CommitWrites;
import io.catena.baselines.message.KeyClaim;
import io.catena.baselines.message.ReleaseKeys;
import io.catena.core.data.ChainKey;
import io.catena.core.data.Version;
import io.catena.core.id.TxnId;
import io.catena.core.message.MessageKind;
import io.catena.core.message.PluginMessage;
import io.catena.core.txn.Access;
import io.catena.kit.KeyCommit;
import io.catena.wire.codec.DataSchema;
import io.catena.wire.codec.EnumCodes;
import io.catena.wire.codec.IdSchema;
import io.catena.wire.codec.PluginSchema;
import io.catena.wire.codec.TxnSchema;
import io.catena.wire.codec.WireReader;
import io.catena.wire.codec.WireWriter;
import java.io.IOException;
import java.util.List;

/**
 * The comparison baselines, Paxos Commit over two-phase locking or optimistic concurrency control:
 * a transaction's home coordinator claims its keys in every region, then commits or releases them:
 * <pre>
 * ClaimKeys     = {"txn": TxnId, "attempt": int, "claims": [KeyClaim, ...]}
 * KeyClaim      = {"key": ChainKey, "access": Access, "observed": Version | null}
 * ClaimReply    = {"txn": TxnId, "attempt": int, "verdict": ClaimVerdict, "versions": [Version, ...]}
 * ReleaseKeys   = {"txn": TxnId, "attempt": int}
 * CommitWrites  = {"txn": TxnId, "attempt": int, "version": Version, "keys": [KeyCommit, ...]}
 * KeyCommit     = {"key": ChainKey, "observed": Version, "writes": [RowWrite, ...]}   (wire's DataSchema)
 * CommitApplied = {"txn": TxnId, "attempt": int}
 * </pre>
 */
public final class BaselineSchema implements PluginSchema {

    // Names core's schema has no use for, spelled here so that wire names no protocol.
    private static final SerializableString ATTEMPT = new SerializedString("attempt");
    private static final SerializableString CLAIMS = new SerializedString("claims");
    private static final SerializableString VERDICT = new SerializedString("verdict");
    private static final SerializableString VERSIONS = new SerializedString("versions");

    static final EnumCodes<ClaimVerdict> VERDICTS = new EnumCodes<>(ClaimVerdict.class,
            ClaimVerdict.GRANTED, ClaimVerdict.REFUSED, ClaimVerdict.WOUNDED);

    @Override
    public List<BaselineMessageType> kinds() {
        return List.of(BaselineMessageType.values());
    }

    @Override
    public void write(WireWriter w, PluginMessage m) throws IOException {
        switch ((BaselineMessageType) m.type()) {
            case CLAIM_KEYS -> writeClaimKeys(w, (ClaimKeys) m);
            case CLAIM_REPLY -> writeClaimReply(w, (ClaimReply) m);
            case RELEASE_KEYS -> writeReleaseKeys(w, (ReleaseKeys) m);
            case COMMIT_WRITES -> writeCommitWrites(w, (CommitWrites) m);
            case COMMIT_APPLIED -> writeCommitApplied(w, (CommitApplied) m);
        }
    }

    @Override
    public PluginMessage read(WireReader r, MessageKind kind) throws IOException {
        return switch ((BaselineMessageType) kind) {
            case CLAIM_KEYS -> readClaimKeys(r);
            case CLAIM_REPLY -> readClaimReply(r);
            case RELEASE_KEYS -> readReleaseKeys(r);
            case COMMIT_WRITES -> readCommitWrites(r);
            case COMMIT_APPLIED -> readCommitApplied(r);
        };
    }

    static void writeClaimKeys(WireWriter w, ClaimKeys m) throws IOException {
        w.beginObject();
        IdSchema.writeTxnField(w, m.txn(), "ClaimKeys.txn");
        w.field(ATTEMPT);
        w.intValue(m.attempt());
        w.field(CLAIMS);
        w.list(m.claims(), BaselineSchema::writeKeyClaim);
        w.endObject();
    }

    static ClaimKeys readClaimKeys(WireReader r) throws IOException {
        r.beginObject("ClaimKeys");
        TxnId txn = IdSchema.readTxnField(r, "ClaimKeys.txn");
        r.field(ATTEMPT, "ClaimKeys.attempt");
        int attempt = r.intValue("ClaimKeys.attempt");
        r.field(CLAIMS, "ClaimKeys.claims");
        List<KeyClaim> claims = r.list("ClaimKeys.claims", BaselineSchema::readKeyClaim);
        r.endObject("ClaimKeys");
        return new ClaimKeys(txn, attempt, claims);
    }

    static void writeKeyClaim(WireWriter w, KeyClaim claim) throws IOException {
        w.beginObject();
        DataSchema.writeKeyField(w, claim.key(), "KeyClaim.key");
        w.field(ACCESS);
        w.intValue(TxnSchema.ACCESS.code(WireWriter.required(claim.access(), "KeyClaim.access")));
        w.field(OBSERVED);
        w.nullable(claim.observed(), IdSchema::writeVersion);
        w.endObject();
    }

    static KeyClaim readKeyClaim(WireReader r) throws IOException {
        r.beginObject("KeyClaim");
        ChainKey key = DataSchema.readKeyField(r, "KeyClaim.key");
        r.field(ACCESS, "KeyClaim.access");
        Access access = TxnSchema.ACCESS.constant(r.intValue("KeyClaim.access"));
        Version observed = r.nullableField(OBSERVED, "KeyClaim.observed") ? IdSchema.readVersion(r) : null;
        r.endObject("KeyClaim");
        return new KeyClaim(key, access, observed);
    }

    static void writeClaimReply(WireWriter w, ClaimReply m) throws IOException {
        w.beginObject();
        IdSchema.writeTxnField(w, m.txn(), "ClaimReply.txn");
        w.field(ATTEMPT);
        w.intValue(m.attempt());
        w.field(VERDICT);
        w.intValue(VERDICTS.code(WireWriter.required(m.verdict(), "ClaimReply.verdict")));
        w.field(VERSIONS);
        w.list(m.versions(), IdSchema::writeVersion);
        w.endObject();
    }

    static ClaimReply readClaimReply(WireReader r) throws IOException {
        r.beginObject("ClaimReply");
        TxnId txn = IdSchema.readTxnField(r, "ClaimReply.txn");
        r.field(ATTEMPT, "ClaimReply.attempt");
        int attempt = r.intValue("ClaimReply.attempt");
        r.field(VERDICT, "ClaimReply.verdict");
        ClaimVerdict verdict = VERDICTS.constant(r.intValue("ClaimReply.verdict"));
        r.field(VERSIONS, "ClaimReply.versions");
        List<Version> versions = r.list("ClaimReply.versions", IdSchema::readVersion);
        r.endObject("ClaimReply");
        return new ClaimReply(txn, attempt, verdict, versions);
    }

    static void writeReleaseKeys(WireWriter w, ReleaseKeys m) throws IOException {
        w.beginObject();
        IdSchema.writeTxnField(w, m.txn(), "ReleaseKeys.txn");
        w.field(ATTEMPT);
        w.intValue(m.attempt());
        w.endObject();
    }

    static ReleaseKeys readReleaseKeys(WireReader r) throws IOException {
        r.beginObject("ReleaseKeys");
        TxnId txn = IdSchema.readTxnField(r, "ReleaseKeys.txn");
        r.field(ATTEMPT, "ReleaseKeys.attempt");
        int attempt = r.intValue("ReleaseKeys.attempt");
        r.endObject("ReleaseKeys");
        return new ReleaseKeys(txn, attempt);
    }

    static void writeCommitWrites(WireWriter w, CommitWrites m) throws IOException {
        w.beginObject();
        IdSchema.writeTxnField(w, m.txn(), "CommitWrites.txn");
        w.field(ATTEMPT);
        w.intValue(m.attempt());
        w.field(VERSION);
        IdSchema.writeVersion(w, WireWriter.required(m.version(), "CommitWrites.version"));
        w.field(KEYS);
        w.list(m.keys(), BaselineSchema::writeKeyCommit);
        w.endObject();
    }

    static CommitWrites readCommitWrites(WireReader r) throws IOException {
        r.beginObject("CommitWrites");
        TxnId txn = IdSchema.readTxnField(r, "CommitWrites.txn");
        r.field(ATTEMPT, "CommitWrites.attempt");
        int attempt = r.intValue("CommitWrites.attempt");
        r.field(VERSION, "CommitWrites.version");
        Version version = IdSchema.readVersion(r);
        r.field(KEYS, "CommitWrites.keys");
        List<KeyCommit> keys = r.list("CommitWrites.keys", BaselineSchema::readKeyCommit);
        r.endObject("CommitWrites");
        return new CommitWrites(txn, attempt, version, keys);
    }

    static void writeKeyCommit(WireWriter w, KeyCommit commit) throws IOException {
        DataSchema.writeKeyCommit(w, commit.key(), commit.observed(), commit.writes());
    }

    static KeyCommit readKeyCommit(WireReader r) throws IOException {
        return DataSchema.readKeyCommit(r, KeyCommit::new);
    }

    static void writeCommitApplied(WireWriter w, CommitApplied m) throws IOException {
        w.beginObject();
        IdSchema.writeTxnField(w, m.txn(), "CommitApplied.txn");
        w.field(ATTEMPT);
        w.intValue(m.attempt());
        w.endObject();
    }

    static CommitApplied readCommitApplied(WireReader r) throws IOException {
        r.beginObject("CommitApplied");
        TxnId txn = IdSchema.readTxnField(r, "CommitApplied.txn");
        r.field(ATTEMPT, "CommitApplied.attempt");
        int attempt = r.intValue("CommitApplied.attempt");
        r.endObject("CommitApplied");
        return new CommitApplied(txn, attempt);
    }
}
