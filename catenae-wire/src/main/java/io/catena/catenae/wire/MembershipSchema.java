package io.catena.catenae.wire;

import static io.catena.catenae.wire.CatenaFieldNames.FROM_EPOCH;
import static io.catena.catenae.wire.CatenaFieldNames.OWNER;
import static io.catena.catenae.wire.CatenaFieldNames.OWNERSHIP;
import static io.catena.catenae.wire.CatenaFieldNames.RANGES;
import static io.catena.catenae.wire.CatenaFieldNames.SCHEME;
import static io.catena.catenae.wire.CatenaFieldNames.START;

import io.catena.catenae.message.AnnounceMembership;
import io.catena.catenae.message.ChangeMembership;
import io.catena.catenae.message.KeysHandedOff;
import io.catena.core.membership.KeyRange;
import io.catena.core.membership.OwnershipMap;
import io.catena.wire.codec.WireReader;
import io.catena.wire.codec.WireWriter;
import java.io.IOException;
import java.util.HexFormat;
import java.util.List;

/**
 * Membership changes inside a region: the host's request to its coordinator, and the
 * coordinator's announcements and handoffs to its chain servers:
 * <pre>
 * ChangeMembership   = {"ownership": OwnershipMap}
 * AnnounceMembership = {"fromEpoch": long, "ownership": OwnershipMap}
 * KeysHandedOff      = {"fromEpoch": long}
 * OwnershipMap       = {"scheme": string, "ranges": [KeyRange, ...]}
 * KeyRange           = {"start": string (hex), "owner": int}
 * </pre>
 */
final class MembershipSchema {

    private MembershipSchema() {
    }

    static void writeChangeMembership(WireWriter w, ChangeMembership m) throws IOException {
        w.beginObject();
        w.field(OWNERSHIP);
        writeOwnership(w, WireWriter.required(m.ownership(), "ChangeMembership.ownership"));
        w.endObject();
    }

    static ChangeMembership readChangeMembership(WireReader r) throws IOException {
        r.beginObject("ChangeMembership");
        r.field(OWNERSHIP, "ChangeMembership.ownership");
        OwnershipMap ownership = readOwnership(r);
        r.endObject("ChangeMembership");
        return new ChangeMembership(ownership);
    }

    static void writeAnnounceMembership(WireWriter w, AnnounceMembership m) throws IOException {
        w.beginObject();
        w.field(FROM_EPOCH);
        w.longValue(m.fromEpoch());
        w.field(OWNERSHIP);
        writeOwnership(w, WireWriter.required(m.ownership(), "AnnounceMembership.ownership"));
        w.endObject();
    }

    static AnnounceMembership readAnnounceMembership(WireReader r) throws IOException {
        r.beginObject("AnnounceMembership");
        r.field(FROM_EPOCH, "AnnounceMembership.fromEpoch");
        long fromEpoch = r.longValue("AnnounceMembership.fromEpoch");
        r.field(OWNERSHIP, "AnnounceMembership.ownership");
        OwnershipMap ownership = readOwnership(r);
        r.endObject("AnnounceMembership");
        return new AnnounceMembership(fromEpoch, ownership);
    }

    static void writeKeysHandedOff(WireWriter w, KeysHandedOff m) throws IOException {
        w.beginObject();
        w.field(FROM_EPOCH);
        w.longValue(m.fromEpoch());
        w.endObject();
    }

    static KeysHandedOff readKeysHandedOff(WireReader r) throws IOException {
        r.beginObject("KeysHandedOff");
        r.field(FROM_EPOCH, "KeysHandedOff.fromEpoch");
        long fromEpoch = r.longValue("KeysHandedOff.fromEpoch");
        r.endObject("KeysHandedOff");
        return new KeysHandedOff(fromEpoch);
    }

    private static void writeOwnership(WireWriter w, OwnershipMap m) throws IOException {
        w.beginObject();
        w.field(SCHEME);
        w.string(m.scheme(), "OwnershipMap.scheme");
        w.field(RANGES);
        w.list(m.ranges(), MembershipSchema::writeRange);
        w.endObject();
    }

    private static OwnershipMap readOwnership(WireReader r) throws IOException {
        r.beginObject("OwnershipMap");
        r.field(SCHEME, "OwnershipMap.scheme");
        String scheme = r.string("OwnershipMap.scheme");
        r.field(RANGES, "OwnershipMap.ranges");
        List<KeyRange> ranges = r.list("OwnershipMap.ranges", MembershipSchema::readRange);
        r.endObject("OwnershipMap");
        try {
            return new OwnershipMap(scheme, ranges);
        } catch (IllegalArgumentException e) {
            throw r.violation(e.getMessage());
        }
    }

    private static void writeRange(WireWriter w, KeyRange range) throws IOException {
        w.beginObject();
        w.field(START);
        w.string(HexFormat.of().formatHex(range.start()), "KeyRange.start");
        w.field(OWNER);
        w.intValue(range.owner());
        w.endObject();
    }

    private static KeyRange readRange(WireReader r) throws IOException {
        r.beginObject("KeyRange");
        r.field(START, "KeyRange.start");
        String start = r.string("KeyRange.start");
        r.field(OWNER, "KeyRange.owner");
        int owner = r.intValue("KeyRange.owner");
        r.endObject("KeyRange");
        try {
            return new KeyRange(HexFormat.of().parseHex(start), owner);
        } catch (IllegalArgumentException e) {
            throw r.violation("KeyRange.start must be two hex digits per byte, not \"" + start + "\"");
        }
    }
}
