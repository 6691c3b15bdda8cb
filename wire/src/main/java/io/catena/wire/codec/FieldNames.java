package io.catena.wire.codec;

import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.SerializedString;

/**
 * Every field name of core's schema, spelled once; a protocol's wire module reuses these and spells
 * only the names its own messages add. Names are the record component names of core,
 * so a JSON body reads like the Java value; Smile writes each name in full once per body and as
 * a one-byte back-reference after that. Pre-encoded instances let the generator copy the bytes
 * and let the parser match a name without building a string.
 */
public final class FieldNames {

    public static final SerializableString ABANDONS = name("abandons");
    public static final SerializableString ABORTED = name("aborted");
    public static final SerializableString ACCESS = name("access");
    public static final SerializableString APPLIED_THROUGH = name("appliedThrough");
    public static final SerializableString ARGS = name("args");
    public static final SerializableString CANCELS = name("cancels");
    public static final SerializableString CLIENT_INDEX = name("clientIndex");
    public static final SerializableString CLOCK_MICROS = name("clockMicros");
    public static final SerializableString CLUSTER = name("cluster");
    public static final SerializableString CLUSTERING = name("clustering");
    public static final SerializableString CODE = name("code");
    public static final SerializableString COLUMN = name("column");
    public static final SerializableString CONDITION = name("condition");
    public static final SerializableString CONTENDED = name("contended");
    public static final SerializableString DELTA = name("delta");
    public static final SerializableString DETAIL = name("detail");
    public static final SerializableString DIGEST = name("digest");
    public static final SerializableString ELEMENT = name("element");
    public static final SerializableString EPOCH = name("epoch");
    public static final SerializableString FN = name("fn");
    public static final SerializableString FROM = name("from");
    public static final SerializableString ID = name("id");
    public static final SerializableString KEY = name("key");
    public static final SerializableString ISSUED_MICROS = name("issuedMicros");
    public static final SerializableString KEYS = name("keys");
    public static final SerializableString KIND = name("kind");
    public static final SerializableString MESSAGE = name("message");
    public static final SerializableString MIN_VERSION = name("minVersion");
    public static final SerializableString NAME = name("name");
    public static final SerializableString OBSERVED = name("observed");
    public static final SerializableString OFFSET_MICROS = name("offsetMicros");
    public static final SerializableString OP = name("op");
    public static final SerializableString OPS = name("ops");
    public static final SerializableString ORDER = name("order");
    public static final SerializableString ORIGIN = name("origin");
    public static final SerializableString OUTCOME = name("outcome");
    public static final SerializableString OUTPUTS = name("outputs");
    public static final SerializableString PARTITIONS = name("partitions");
    public static final SerializableString PEER = name("peer");
    public static final SerializableString PROTOCOL_VERSION = name("protocolVersion");
    public static final SerializableString READS = name("reads");
    public static final SerializableString REASON = name("reason");
    public static final SerializableString RECEIPTS = name("receipts");
    public static final SerializableString RECORDS = name("records");
    public static final SerializableString REGION = name("region");
    public static final SerializableString REGION_INDEX = name("regionIndex");
    public static final SerializableString REGISTRY_DIGEST = name("registryDigest");
    public static final SerializableString REQUEST = name("request");
    public static final SerializableString RESULT = name("result");
    public static final SerializableString ROLE = name("role");
    public static final SerializableString ROLE_INDEX = name("roleIndex");
    public static final SerializableString TERM = name("term");
    public static final SerializableString TIMETABLE = name("timetable");
    public static final SerializableString ROW = name("row");
    public static final SerializableString SENDER = name("sender");
    public static final SerializableString SETTINGS_DIGEST = name("settingsDigest");
    public static final SerializableString SPEC = name("spec");
    public static final SerializableString TARGET = name("target");
    public static final SerializableString TO = name("to");
    public static final SerializableString TXN = name("txn");
    public static final SerializableString TXNS = name("txns");
    public static final SerializableString TYPE = name("type");
    public static final SerializableString VALUE = name("value");
    public static final SerializableString VERSION = name("version");
    public static final SerializableString VOTES = name("votes");
    public static final SerializableString WRITES = name("writes");

    private FieldNames() {
    }

    private static SerializableString name(String name) {
        return new SerializedString(name);
    }
}
