package io.catena.wire;

import static io.catena.wire.CoreArbitraries.accesses;
import static io.catena.wire.CoreArbitraries.chainKeys;
import static io.catena.wire.CoreArbitraries.nonNegativeLongs;
import static io.catena.wire.CoreArbitraries.readResults;
import static io.catena.wire.CoreArbitraries.records;
import static io.catena.wire.CoreArbitraries.regions;
import static io.catena.wire.CoreArbitraries.requests;
import static io.catena.wire.CoreArbitraries.results;
import static io.catena.wire.CoreArbitraries.rowKeys;
import static io.catena.wire.CoreArbitraries.rows;
import static io.catena.wire.CoreArbitraries.specs;
import static io.catena.wire.CoreArbitraries.timetables;
import static io.catena.wire.CoreArbitraries.txnIds;
import static io.catena.wire.CoreArbitraries.versions;

import io.catena.catenae.message.BackwardPass;
import io.catena.catenae.message.CatenaMessageType;
import io.catena.catenae.message.ChainServerHello;
import io.catena.catenae.message.CommitPass;
import io.catena.catenae.message.EpochMessage;
import io.catena.catenae.message.EpochRetired;
import io.catena.catenae.message.FinalizeTxn;
import io.catena.catenae.message.Footprint;
import io.catena.catenae.message.Footprints;
import io.catena.catenae.message.KeyOrderReport;
import io.catena.catenae.message.PeerVersion;
import io.catena.catenae.message.ResolveReply;
import io.catena.catenae.message.ResolveRequest;
import io.catena.catenae.message.ResyncChainServer;
import io.catena.catenae.message.SnapshotRead;
import io.catena.catenae.message.SnapshotReply;
import io.catena.catenae.message.TxnComputed;
import io.catena.catenae.message.TxnFinalized;
import io.catena.core.message.Message;
import io.catena.core.message.MessageKind;
import io.catena.core.message.MessageType;
import io.catena.core.message.SubmitReadOnly;
import io.catena.core.message.SubmitTxn;
import io.catena.core.message.TxnReply;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;

/** jqwik arbitraries for every protocol {@link Message}, keyed by its kind (core's and the plug-ins'). */
public final class MessageArbitraries {

    private MessageArbitraries() {
    }

    /** Every message type with a generator of its messages; tests check no type is missing. */
    public static Map<MessageKind, Arbitrary<? extends Message>> byType() {
        Map<MessageKind, Arbitrary<? extends Message>> byType = new LinkedHashMap<>();
        byType.put(MessageType.SUBMIT_TXN, Combinators.combine(requests(), specs()).as(SubmitTxn::new));
        byType.put(MessageType.SUBMIT_READ_ONLY, Combinators.combine(requests(), rowKeys().list().ofMaxSize(4),
                versions().injectNull(0.2), chainKeys().list().ofMaxSize(3)).as(SubmitReadOnly::new));
        byType.put(MessageType.TXN_REPLY, Combinators.combine(requests(), results(), versions().injectNull(0.3),
                Arbitraries.of(true, false)).as(TxnReply::new));
        byType.put(CatenaMessageType.EPOCH_MESSAGE, Combinators.combine(regions(), records().list().ofMaxSize(3),
                timetables()).as(EpochMessage::new));
        byType.put(CatenaMessageType.FOOTPRINTS, Combinators.combine(Arbitraries.longs(), footprints().list().ofMaxSize(4),
                versions().injectNull(0.3)).as(Footprints::new));
        byType.put(CatenaMessageType.BACKWARD_PASS, Combinators.combine(txnIds(), specs(), Arbitraries.integers(), rows(),
                Arbitraries.of(true, false)).as(BackwardPass::new));
        byType.put(CatenaMessageType.COMMIT_PASS, Combinators.combine(txnIds(), versions(), specs(), Arbitraries.integers(),
                rows(), readResults().list().ofMaxSize(3), rows(), peers().list().ofMaxSize(3)).as(CommitPass::new));
        byType.put(CatenaMessageType.FINALIZE_TXN, Combinators.combine(txnIds(), versions(), Arbitraries.of(true, false))
                .as(FinalizeTxn::new));
        byType.put(CatenaMessageType.CHAIN_SERVER_HELLO, Combinators.combine(Arbitraries.integers(), Arbitraries.longs())
                .as(ChainServerHello::new));
        byType.put(CatenaMessageType.RESYNC_CHAIN_SERVER, Combinators.combine(Arbitraries.longs(), Arbitraries.longs())
                .as(ResyncChainServer::new));
        byType.put(CatenaMessageType.SNAPSHOT_READ, Combinators.combine(Arbitraries.longs(), rowKeys().list().ofMaxSize(4),
                versions().injectNull(0.3), chainKeys().list().ofMaxSize(3)).as(SnapshotRead::new));
        byType.put(CatenaMessageType.KEY_ORDER_REPORT, Combinators.combine(Arbitraries.longs(), chainKeys(),
                txnIds().list().ofMaxSize(5)).as(KeyOrderReport::new));
        byType.put(CatenaMessageType.TXN_COMPUTED, Combinators.combine(txnIds(), versions(), results()).as(TxnComputed::new));
        byType.put(CatenaMessageType.TXN_FINALIZED, Combinators.combine(txnIds(), Arbitraries.integers()).as(TxnFinalized::new));
        byType.put(CatenaMessageType.SNAPSHOT_REPLY, Combinators.combine(Arbitraries.longs(), Arbitraries.integers(),
                versions().injectNull(0.3), readResults().list().ofMaxSize(3)).as(SnapshotReply::new));
        byType.put(CatenaMessageType.RESOLVE_REQUEST, Combinators.combine(txnIds(), chainKeys(), txnIds().list().ofMaxSize(4))
                .as(ResolveRequest::new));
        byType.put(CatenaMessageType.RESOLVE_REPLY, Combinators.combine(txnIds(), chainKeys(), txnIds().list().ofMaxSize(4))
                .as(ResolveReply::new));
        byType.put(CatenaMessageType.EPOCH_RETIRED, nonNegativeLongs().map(EpochRetired::new));
        return byType;
    }

    /** Any message, every type equally likely. */
    public static Arbitrary<Message> messages() {
        return Arbitraries.oneOf(List.copyOf(byType().values()));
    }

    public static Arbitrary<Footprint> footprints() {
        return Combinators.combine(txnIds(), chainKeys(), accesses(), Arbitraries.of(true, false)).as(Footprint::new);
    }

    public static Arbitrary<PeerVersion> peers() {
        return Combinators.combine(txnIds(), versions()).as(PeerVersion::new);
    }
}
