package io.catena.catenae.wire;

import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.SerializedString;

/**
 * The field names only Catena's messages use, spelled once; the rest are wire's
 * ({@link io.catena.wire.codec.FieldNames}). Like those, each is the name of a record component of
 * the message it belongs to, at most 15 ASCII characters (as {@code EncodedSize} counts them), and
 * pre-encoded.
 */
final class CatenaFieldNames {

    static final SerializableString AT = new SerializedString("at");
    static final SerializableString CARRY = new SerializedString("carry");
    static final SerializableString COLLECT_BELOW = new SerializedString("collectBelow");
    static final SerializableString COMMIT = new SerializedString("commit");
    static final SerializableString FOOTPRINTS = new SerializedString("footprints");
    static final SerializableString FROM_EPOCH = new SerializedString("fromEpoch");
    static final SerializableString HOP = new SerializedString("hop");
    static final SerializableString INCARNATION = new SerializedString("incarnation");
    static final SerializableString OWNER = new SerializedString("owner");
    static final SerializableString OWNERSHIP = new SerializedString("ownership");
    static final SerializableString OVERTAKEN = new SerializedString("overtaken");
    static final SerializableString PEERS = new SerializedString("peers");
    static final SerializableString QUERY_ID = new SerializedString("queryId");
    static final SerializableString RANGES = new SerializedString("ranges");
    static final SerializableString ROWS = new SerializedString("rows");
    static final SerializableString SCHEME = new SerializedString("scheme");
    static final SerializableString SERVER = new SerializedString("server");
    static final SerializableString START = new SerializedString("start");
    static final SerializableString WAIT_FOR = new SerializedString("waitFor");

    private CatenaFieldNames() {
    }
}
