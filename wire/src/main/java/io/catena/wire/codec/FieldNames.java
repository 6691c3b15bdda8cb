package io.catena.wire.codec;

import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.SerializedString;

/**
 * Every field name of the schema, spelled once. Names are the record component names of core,
 * so a JSON body reads like the Java value; Smile writes each name in full once per body and as
 * a one-byte back-reference after that. Pre-encoded instances let the generator copy the bytes
 * and let the parser match a name without building a string.
 */
final class FieldNames {

    static final SerializableString ABANDONS = name("abandons");
    static final SerializableString ABORTED = name("aborted");
    static final SerializableString ACCESS = name("access");
    static final SerializableString APPLIED_THROUGH = name("appliedThrough");
    static final SerializableString ARGS = name("args");
    static final SerializableString AT = name("at");
    static final SerializableString ATTEMPT = name("attempt");
    static final SerializableString CARRY = name("carry");
    static final SerializableString CLAIMS = name("claims");
    static final SerializableString CLIENT_INDEX = name("clientIndex");
    static final SerializableString CLOCK_MICROS = name("clockMicros");
    static final SerializableString CLUSTER = name("cluster");
    static final SerializableString CLUSTERING = name("clustering");
    static final SerializableString CODE = name("code");
    static final SerializableString COLLECT_BELOW = name("collectBelow");
    static final SerializableString COLUMN = name("column");
    static final SerializableString COMMIT = name("commit");
    static final SerializableString CONDITION = name("condition");
    static final SerializableString CONTENDED = name("contended");
    static final SerializableString DELTA = name("delta");
    static final SerializableString DETAIL = name("detail");
    static final SerializableString ELEMENT = name("element");
    static final SerializableString EPOCH = name("epoch");
    static final SerializableString FN = name("fn");
    static final SerializableString FOOTPRINTS = name("footprints");
    static final SerializableString FROM = name("from");
    static final SerializableString FROM_EPOCH = name("fromEpoch");
    static final SerializableString HOP = name("hop");
    static final SerializableString ID = name("id");
    static final SerializableString INCARNATION = name("incarnation");
    static final SerializableString KEY = name("key");
    static final SerializableString KEYS = name("keys");
    static final SerializableString KIND = name("kind");
    static final SerializableString MESSAGE = name("message");
    static final SerializableString MIN_VERSION = name("minVersion");
    static final SerializableString NAME = name("name");
    static final SerializableString OBSERVED = name("observed");
    static final SerializableString OFFSET_MICROS = name("offsetMicros");
    static final SerializableString OP = name("op");
    static final SerializableString OPS = name("ops");
    static final SerializableString ORDER = name("order");
    static final SerializableString ORIGIN = name("origin");
    static final SerializableString OUTCOME = name("outcome");
    static final SerializableString OUTPUTS = name("outputs");
    static final SerializableString OVERTAKEN = name("overtaken");
    static final SerializableString PARTITIONS = name("partitions");
    static final SerializableString PEER = name("peer");
    static final SerializableString PEERS = name("peers");
    static final SerializableString PROTOCOL_VERSION = name("protocolVersion");
    static final SerializableString QUERY_ID = name("queryId");
    static final SerializableString READS = name("reads");
    static final SerializableString REASON = name("reason");
    static final SerializableString RECEIPTS = name("receipts");
    static final SerializableString RECORDS = name("records");
    static final SerializableString REGION = name("region");
    static final SerializableString REGION_INDEX = name("regionIndex");
    static final SerializableString REGISTRY_DIGEST = name("registryDigest");
    static final SerializableString REQUEST = name("request");
    static final SerializableString RESULT = name("result");
    static final SerializableString ROW = name("row");
    static final SerializableString ROWS = name("rows");
    static final SerializableString SENDER = name("sender");
    static final SerializableString SERVER = name("server");
    static final SerializableString SETTINGS_DIGEST = name("settingsDigest");
    static final SerializableString SPEC = name("spec");
    static final SerializableString TIMETABLE = name("timetable");
    static final SerializableString TO = name("to");
    static final SerializableString TXN = name("txn");
    static final SerializableString TXNS = name("txns");
    static final SerializableString TYPE = name("type");
    static final SerializableString VALUE = name("value");
    static final SerializableString VERDICT = name("verdict");
    static final SerializableString VERSION = name("version");
    static final SerializableString VERSIONS = name("versions");
    static final SerializableString VOTES = name("votes");
    static final SerializableString WAIT_FOR = name("waitFor");
    static final SerializableString WRITES = name("writes");

    private FieldNames() {
    }

    private static SerializableString name(String name) {
        return new SerializedString(name);
    }
}
