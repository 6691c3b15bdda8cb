package io.catena.catenae.wire;

import static io.catena.wire.CoreArbitraries.accesses;
import static io.catena.wire.CoreArbitraries.chainKeys;
import static io.catena.wire.CoreArbitraries.nonNegativeLongs;
import static io.catena.wire.CoreArbitraries.readResults;
import static io.catena.wire.CoreArbitraries.records;
import static io.catena.wire.CoreArbitraries.regions;
import static io.catena.wire.CoreArbitraries.results;
import static io.catena.wire.CoreArbitraries.rowKeys;
import static io.catena.wire.CoreArbitraries.rows;
import static io.catena.wire.CoreArbitraries.specs;
import static io.catena.wire.CoreArbitraries.timetables;
import static io.catena.wire.CoreArbitraries.txnIds;
import static io.catena.wire.CoreArbitraries.versions;
import static org.assertj.core.api.Assertions.assertThat;

import io.catena.catenae.message.AnnounceMembership;
import io.catena.catenae.message.BackwardPass;
import io.catena.catenae.message.CatenaMessageType;
import io.catena.catenae.message.ChainServerHello;
import io.catena.catenae.message.ChangeMembership;
import io.catena.catenae.message.CommitPass;
import io.catena.catenae.message.EpochMessage;
import io.catena.catenae.message.EpochRetired;
import io.catena.catenae.message.FinalizeTxn;
import io.catena.catenae.message.Footprint;
import io.catena.catenae.message.Footprints;
import io.catena.catenae.message.KeyOrderReport;
import io.catena.catenae.message.KeysHandedOff;
import io.catena.catenae.message.PeerVersion;
import io.catena.catenae.message.ResolveReply;
import io.catena.catenae.message.ResolveRequest;
import io.catena.catenae.message.ResyncChainServer;
import io.catena.catenae.message.SnapshotRead;
import io.catena.catenae.message.SnapshotReply;
import io.catena.catenae.message.TxnComputed;
import io.catena.catenae.message.TxnFinalized;
import io.catena.core.membership.KeyRange;
import io.catena.core.membership.OwnershipMap;
import io.catena.core.message.Message;
import io.catena.core.message.MessageKind;
import io.catena.wire.Frame;
import io.catena.wire.codec.Bodies;
import io.catena.wire.codec.JacksonWireCodec;
import io.catena.wire.codec.PluginSchema;
import io.catena.wire.codec.PluginSchemaSuite;
import io.catena.wire.codec.WireAssertions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;

class CatenaSchemaTest extends PluginSchemaSuite {

    /** A SnapshotRead body up to its optional last field. */
    private static final String SNAPSHOT_READ = "{\"type\":11,\"message\":{\"queryId\":1,\"keys\":[],\"at\":null";

    @Override
    protected Class<? extends PluginSchema> schema() {
        return CatenaSchema.class;
    }

    @Override
    protected Map<MessageKind, Arbitrary<? extends Message>> byKind() {
        Map<MessageKind, Arbitrary<? extends Message>> byKind = new LinkedHashMap<>();
        byKind.put(CatenaMessageType.EPOCH_MESSAGE, Combinators.combine(regions(), records().list().ofMaxSize(3),
                timetables()).as(EpochMessage::new));
        byKind.put(CatenaMessageType.FOOTPRINTS, Combinators.combine(Arbitraries.longs(), footprints().list().ofMaxSize(4),
                versions().injectNull(0.3)).as(Footprints::new));
        byKind.put(CatenaMessageType.BACKWARD_PASS, Combinators.combine(txnIds(), specs(), Arbitraries.integers(), rows(),
                Arbitraries.of(true, false)).as(BackwardPass::new));
        byKind.put(CatenaMessageType.COMMIT_PASS, Combinators.combine(txnIds(), versions(), specs(), Arbitraries.integers(),
                rows(), readResults().list().ofMaxSize(3), rows(), peers().list().ofMaxSize(3)).as(CommitPass::new));
        byKind.put(CatenaMessageType.FINALIZE_TXN, Combinators.combine(txnIds(), versions(), Arbitraries.of(true, false))
                .as(FinalizeTxn::new));
        byKind.put(CatenaMessageType.CHAIN_SERVER_HELLO, Combinators.combine(Arbitraries.integers(), Arbitraries.longs())
                .as(ChainServerHello::new));
        byKind.put(CatenaMessageType.RESYNC_CHAIN_SERVER, Combinators.combine(Arbitraries.longs(), Arbitraries.longs())
                .as(ResyncChainServer::new));
        byKind.put(CatenaMessageType.SNAPSHOT_READ, Combinators.combine(Arbitraries.longs(), rowKeys().list().ofMaxSize(4),
                versions().injectNull(0.3), chainKeys().list().ofMaxSize(3)).as(SnapshotRead::new));
        byKind.put(CatenaMessageType.KEY_ORDER_REPORT, Combinators.combine(Arbitraries.longs(), chainKeys(),
                txnIds().list().ofMaxSize(5)).as(KeyOrderReport::new));
        byKind.put(CatenaMessageType.TXN_COMPUTED, Combinators.combine(txnIds(), versions(), results()).as(TxnComputed::new));
        byKind.put(CatenaMessageType.TXN_FINALIZED, Combinators.combine(txnIds(), Arbitraries.integers()).as(TxnFinalized::new));
        byKind.put(CatenaMessageType.SNAPSHOT_REPLY, Combinators.combine(Arbitraries.longs(), Arbitraries.integers(),
                versions().injectNull(0.3), readResults().list().ofMaxSize(3)).as(SnapshotReply::new));
        byKind.put(CatenaMessageType.RESOLVE_REQUEST, Combinators.combine(txnIds(), chainKeys(), txnIds().list().ofMaxSize(4))
                .as(ResolveRequest::new));
        byKind.put(CatenaMessageType.RESOLVE_REPLY, Combinators.combine(txnIds(), chainKeys(), txnIds().list().ofMaxSize(4))
                .as(ResolveReply::new));
        byKind.put(CatenaMessageType.EPOCH_RETIRED, nonNegativeLongs().map(EpochRetired::new));
        byKind.put(CatenaMessageType.CHANGE_MEMBERSHIP, ownershipMaps().map(ChangeMembership::new));
        byKind.put(CatenaMessageType.ANNOUNCE_MEMBERSHIP, Combinators.combine(Arbitraries.longs().between(1, Long.MAX_VALUE),
                ownershipMaps()).as(AnnounceMembership::new));
        byKind.put(CatenaMessageType.KEYS_HANDED_OFF, Arbitraries.longs().map(KeysHandedOff::new));
        return byKind;
    }

    @Override
    protected List<Frame> goldenFrames() {
        return CatenaFrames.golden();
    }

    @Override
    protected List<Malformed> malformed() {
        return List.of(
                // object shape
                new Malformed("{\"type\":18,\"message\":{\"epoch\":5,\"extra\":1}}", "EpochRetired has an unexpected field 'extra'"),
                new Malformed("{\"type\":18,\"message\":{}}", "EpochRetired.epoch is missing"),
                new Malformed("{\"type\":18,\"message\":[5]}", "EpochRetired must be an object, not an array"),
                new Malformed("{\"type\":18,\"message\":{\"epoch\":5}}{}", "the body has 2 bytes after its value"),
                // value shape
                new Malformed("{\"type\":18,\"message\":{\"epoch\":\"5\"}}", "EpochRetired.epoch must be an integer, not a string"),
                new Malformed("{\"type\":18,\"message\":{\"epoch\":5.5}}",
                        "EpochRetired.epoch must be an integer, not a fractional number"),
                new Malformed("{\"type\":18,\"message\":{\"epoch\":null}}", "EpochRetired.epoch must not be null"),
                new Malformed("{\"type\":18,\"message\":{\"epoch\":99999999999999999999}}",
                        "EpochRetired.epoch does not fit in 64 bits"),
                new Malformed("{\"type\":9,\"message\":{\"server\":4294967296,\"incarnation\":1}}",
                        "ChainServerHello.server does not fit in 32 bits"),
                new Malformed("{\"type\":17,\"message\":{\"txn\":[1,0,0],\"key\":[\"t\",\"p\"],\"waitFor\":[null]}}",
                        "ResolveReply.waitFor contains null"),
                // values core refuses
                new Malformed("{\"type\":8,\"message\":{\"txn\":[-1,0,0],\"version\":[1,1],\"commit\":true}}",
                        "epoch and position must be non-negative"),
                new Malformed("{\"type\":4,\"message\":{\"from\":-1,\"records\":[],\"timetable\":[]}}",
                        "region index must be non-negative: -1"),
                new Malformed("{\"type\":4,\"message\":{\"from\":0,\"records\":[{\"origin\":0,\"epoch\":0,\"txns\":[],\"receipts\":[],"
                        + "\"abandons\":[],\"votes\":[],\"appliedThrough\":[0,0]}],\"timetable\":[]}}", "epochs start at 1: 0"),
                // the optional last field of snapshot reads: partitions
                new Malformed(SNAPSHOT_READ + ",\"partitions\":[[\"t\",7]]}}", "ChainKey.partition must be a string, not an integer"),
                new Malformed(SNAPSHOT_READ + ",\"partitions\":[[\"t\",\"p\"]],\"at\":null}}",
                        "SnapshotRead has an unexpected field 'at'"),
                // peer-chosen text in a reason is shortened and made printable
                new Malformed("{\"type\":18,\"message\":{\"epoch\":5,\"" + "x".repeat(100) + "\\n\":1}}",
                        "EpochRetired has an unexpected field '" + "x".repeat(40) + "...'"),
                new Malformed("{\"type\":18,\"message\":{\"epoch\":5,\"a\\nb\":1}}", "EpochRetired has an unexpected field 'a?b'"),
                // ownership maps core refuses
                new Malformed("{\"type\":26,\"message\":{}}", "KeysHandedOff.fromEpoch is missing"),
                new Malformed("{\"type\":24,\"message\":{\"ownership\":{\"scheme\":\"hash\",\"ranges\":[{\"start\":\"40\",\"owner\":0}]}}}",
                        "key ranges must start with the one at the empty position"),
                new Malformed("{\"type\":24,\"message\":{\"ownership\":{\"scheme\":\"hash\",\"ranges\":[{\"start\":\"4\",\"owner\":0}]}}}",
                        "KeyRange.start must be two hex digits per byte, not \"4\""));
    }

    @Override
    protected List<Frame> typicalFrames() {
        return List.of(CatenaFrames.epochMessage(1), CatenaFrames.epochMessage(100));
    }

    @Example
    void smileSharesRepeatedNamesSoEpochMessagesGrowByLessThanTheirJson() {
        int smileOne = Bodies.encode(JacksonWireCodec.smile(), CatenaFrames.epochMessage(1)).length;
        int smileHundred = Bodies.encode(JacksonWireCodec.smile(), CatenaFrames.epochMessage(100)).length;
        int jsonOne = Bodies.encode(JacksonWireCodec.json(), CatenaFrames.epochMessage(1)).length;
        int jsonHundred = Bodies.encode(JacksonWireCodec.json(), CatenaFrames.epochMessage(100)).length;

        assertThat((smileHundred - smileOne) * 2).isLessThan(jsonHundred - jsonOne);
    }

    @Example
    void everyFieldNameIsShortEnoughForTheBound() {
        WireAssertions.assertFieldNamesFitTheBound(CatenaFieldNames.class);
    }

    private static Arbitrary<Footprint> footprints() {
        return Combinators.combine(txnIds(), chainKeys(), accesses(), Arbitraries.of(true, false)).as(Footprint::new);
    }

    /** Maps of a few ranges, each start a longer run of bytes than the one before, so that they sort. */
    private static Arbitrary<OwnershipMap> ownershipMaps() {
        return Combinators.combine(Arbitraries.of("hash", "murmur3", "hbase-row"),
                Arbitraries.integers().between(0, 9).list().ofMinSize(1).ofMaxSize(5)).as((scheme, owners) -> {
                    List<KeyRange> ranges = new ArrayList<>();
                    for (int i = 0; i < owners.size(); i++) {
                        byte[] start = new byte[i];
                        Arrays.fill(start, (byte) 0xff);
                        ranges.add(new KeyRange(start, owners.get(i)));
                    }
                    return new OwnershipMap(scheme, ranges);
                });
    }

    private static Arbitrary<PeerVersion> peers() {
        return Combinators.combine(txnIds(), versions()).as(PeerVersion::new);
    }
}
