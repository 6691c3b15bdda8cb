package io.catena.wire;

import io.catena.core.data.ChainKey;
import io.catena.core.data.Datum;
import io.catena.core.data.ReadResult;
import io.catena.core.data.Row;
import io.catena.core.data.RowDigest;
import io.catena.core.data.RowKey;
import io.catena.core.data.RowWrite;
import io.catena.core.data.Version;
import io.catena.core.id.NodeId;
import io.catena.core.id.RegionId;
import io.catena.core.id.RequestId;
import io.catena.core.id.TxnId;
import io.catena.core.rlog.BatchRef;
import io.catena.core.rlog.EpochVector;
import io.catena.core.rlog.KeyOrderVote;
import io.catena.core.rlog.RLogRecord;
import io.catena.core.rlog.Timetable;
import io.catena.core.rlog.TxnEntry;
import io.catena.core.txn.Access;
import io.catena.core.txn.Condition;
import io.catena.core.txn.Op;
import io.catena.core.txn.Outcome;
import io.catena.core.txn.TxnResult;
import io.catena.core.txn.TxnSpec;
import io.catena.core.txn.UpdateFn;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;

/**
 * jqwik arbitraries for the core types that travel inside frames: any value their constructors
 * accept, with extreme numbers, empty and null-where-allowed values, and Unicode text well outside
 * ASCII. Sealed types are built from a map keyed by subtype, so a test can check that every
 * permitted subtype has a generator.
 *
 * <p>Public so that other modules' tests can generate wire values too.
 */
public final class CoreArbitraries {

    private CoreArbitraries() {
    }

    /**
     * Valid Unicode (no lone surrogates, which no UTF-8 encoder can carry): mostly short and
     * ASCII, with control characters, the rest of the BMP, supplementary characters (emoji) and
     * now and then a long string.
     */
    public static Arbitrary<String> text() {
        Arbitrary<Integer> codePoint = Arbitraries.frequencyOf(
                Tuple.of(8, Arbitraries.integers().between(0x20, 0x7E)),
                Tuple.of(1, Arbitraries.integers().between(0, 0x1F)),
                Tuple.of(2, Arbitraries.integers().between(0x80, 0xD7FF)),
                Tuple.of(1, Arbitraries.integers().between(0xE000, 0xFFFF)),
                Tuple.of(2, Arbitraries.integers().between(0x10000, 0x10FFFF)));
        return Arbitraries.frequencyOf(
                Tuple.of(10, codePoint.list().ofMaxSize(12)),
                Tuple.of(1, codePoint.list().ofMinSize(60).ofMaxSize(300)))
                .map(CoreArbitraries::fromCodePoints);
    }

    public static Arbitrary<String> nonEmptyText() {
        return text().filter(s -> !s.isEmpty());
    }

    private static String fromCodePoints(List<Integer> codePoints) {
        StringBuilder s = new StringBuilder();
        codePoints.forEach(s::appendCodePoint);
        return s.toString();
    }

    public static Arbitrary<Long> nonNegativeLongs() {
        return Arbitraries.longs().greaterOrEqual(0);
    }

    public static Arbitrary<Integer> nonNegativeInts() {
        return Arbitraries.integers().greaterOrEqual(0);
    }

    // ---- identifiers ----

    public static Arbitrary<RegionId> regions() {
        return Arbitraries.frequencyOf(
                Tuple.of(5, Arbitraries.integers().between(0, 7)),
                Tuple.of(1, nonNegativeInts())).map(RegionId::of);
    }

    public static Arbitrary<NodeId> nodes() {
        return Combinators.combine(regions(), Arbitraries.of(NodeId.Role.class), nonNegativeInts()).as(NodeId::new);
    }

    public static Arbitrary<TxnId> txnIds() {
        return Combinators.combine(nonNegativeLongs(), regions(), nonNegativeInts()).as(TxnId::new);
    }

    public static Arbitrary<RequestId> requests() {
        return Combinators.combine(Arbitraries.longs(), Arbitraries.longs()).as(RequestId::new);
    }

    public static Arbitrary<Version> versions() {
        return Combinators.combine(nonNegativeLongs(), nonNegativeInts()).as(Version::new);
    }

    public static Arbitrary<BatchRef> batches() {
        return Combinators.combine(regions(), Arbitraries.longs()).as(BatchRef::new);
    }

    // ---- data ----

    public static Arbitrary<ChainKey> chainKeys() {
        return Combinators.combine(nonEmptyText(), text()).as(ChainKey::new);
    }

    public static Arbitrary<RowKey> rowKeys() {
        return Combinators.combine(chainKeys(), text()).as(RowKey::new);
    }

    /** Every Datum subtype with its generator; lists nest up to three levels. */
    public static Map<Class<? extends Datum>, Arbitrary<? extends Datum>> datumsByType() {
        return datumsByType(3);
    }

    private static Map<Class<? extends Datum>, Arbitrary<? extends Datum>> datumsByType(int depth) {
        Map<Class<? extends Datum>, Arbitrary<? extends Datum>> byType = new LinkedHashMap<>();
        byType.put(Datum.Int64.class, Arbitraries.longs().map(Datum.Int64::new));
        byType.put(Datum.Text.class, text().map(Datum.Text::new));
        Arbitrary<Datum> element = depth == 0
                ? Arbitraries.oneOf(List.copyOf(byType.values()))
                : Arbitraries.lazy(() -> datums(depth - 1));
        byType.put(Datum.Seq.class, element.list().ofMaxSize(4).map(Datum.Seq::new));
        return byType;
    }

    public static Arbitrary<Datum> datums() {
        return datums(3);
    }

    private static Arbitrary<Datum> datums(int depth) {
        Map<Class<? extends Datum>, Arbitrary<? extends Datum>> byType = datumsByType(depth);
        return Arbitraries.frequencyOf(
                Tuple.of(4, byType.get(Datum.Int64.class)),
                Tuple.of(4, byType.get(Datum.Text.class)),
                Tuple.of(1, byType.get(Datum.Seq.class)));
    }

    public static Arbitrary<Row> rows() {
        return Arbitraries.maps(text(), datums()).ofMaxSize(4).map(Row::of);
    }

    public static Arbitrary<ReadResult> readResults() {
        return Combinators.combine(rowKeys(), rows().injectNull(0.3)).as(ReadResult::new);
    }

    /** A row's new value or, about one time in four, its deletion. */
    public static Arbitrary<RowWrite> rowWrites() {
        return Combinators.combine(text(), rows().injectNull(0.25)).as(RowWrite::new);
    }

    // ---- transactions ----

    public static Map<Class<? extends UpdateFn>, Arbitrary<? extends UpdateFn>> updateFnsByType() {
        Map<Class<? extends UpdateFn>, Arbitrary<? extends UpdateFn>> byType = new LinkedHashMap<>();
        byType.put(UpdateFn.Add.class, Combinators.combine(text(), Arbitraries.longs()).as(UpdateFn.Add::new));
        byType.put(UpdateFn.SetField.class, Combinators.combine(text(), datums()).as(UpdateFn.SetField::new));
        byType.put(UpdateFn.Append.class, Combinators.combine(text(), datums()).as(UpdateFn.Append::new));
        return byType;
    }

    public static Map<Class<? extends Condition>, Arbitrary<? extends Condition>> conditionsByType() {
        Map<Class<? extends Condition>, Arbitrary<? extends Condition>> byType = new LinkedHashMap<>();
        byType.put(Condition.Exists.class, Arbitraries.just(new Condition.Exists()));
        byType.put(Condition.Absent.class, Arbitraries.just(new Condition.Absent()));
        byType.put(Condition.Compare.class, Combinators.combine(text(), Arbitraries.of(Condition.Comparison.class),
                datums()).as(Condition.Compare::new));
        byType.put(Condition.Unchanged.class, digests().map(Condition.Unchanged::new));
        return byType;
    }

    public static Map<Class<? extends Op>, Arbitrary<? extends Op>> opsByType() {
        Map<Class<? extends Op>, Arbitrary<? extends Op>> byType = new LinkedHashMap<>();
        byType.put(Op.Read.class, rowKeys().map(Op.Read::new));
        byType.put(Op.Write.class, Combinators.combine(rowKeys(), rows()).as(Op.Write::new));
        byType.put(Op.Update.class, Combinators.combine(rowKeys(), oneOf(updateFnsByType())).as(Op.Update::new));
        byType.put(Op.Insert.class, Combinators.combine(rowKeys(), rows()).as(Op.Insert::new));
        byType.put(Op.Delete.class, rowKeys().map(Op.Delete::new));
        byType.put(Op.Check.class, Combinators.combine(rowKeys(), oneOf(conditionsByType())).as(Op.Check::new));
        byType.put(Op.CheckPartition.class, Combinators.combine(chainKeys(), digests()).as(Op.CheckPartition::new));
        return byType;
    }

    public static Arbitrary<RowDigest> digests() {
        return Combinators.combine(Arbitraries.longs(), Arbitraries.longs()).as(RowDigest::new);
    }

    public static Map<Class<? extends TxnSpec>, Arbitrary<? extends TxnSpec>> specsByType() {
        Map<Class<? extends TxnSpec>, Arbitrary<? extends TxnSpec>> byType = new LinkedHashMap<>();
        byType.put(TxnSpec.AdHoc.class, oneOf(opsByType()).list().ofMaxSize(4).map(TxnSpec.AdHoc::new));
        byType.put(TxnSpec.ProcedureCall.class, Combinators.combine(nonEmptyText(), Arbitraries.integers(),
                rows()).as(TxnSpec.ProcedureCall::new));
        return byType;
    }

    public static Arbitrary<TxnSpec> specs() {
        return oneOf(specsByType());
    }

    public static Arbitrary<TxnResult> results() {
        return Combinators.combine(Arbitraries.of(Outcome.class), text().injectNull(0.3),
                readResults().list().ofMaxSize(3), rows()).as(TxnResult::new);
    }

    public static Arbitrary<Access> accesses() {
        return Arbitraries.of(Access.class);
    }

    // ---- replicated log ----

    public static Arbitrary<EpochVector> epochVectors() {
        return Arbitraries.longs().list().ofMaxSize(5)
                .map(epochs -> EpochVector.of(epochs.stream().mapToLong(Long::longValue).toArray()));
    }

    public static Arbitrary<Timetable> timetables() {
        return epochVectors().list().ofMaxSize(4).map(rows -> Timetable.of(rows.toArray(new EpochVector[0])));
    }

    public static Arbitrary<TxnEntry> txnEntries() {
        return Combinators.combine(txnIds(), requests(), nonNegativeInts(), specs()).as(TxnEntry::new);
    }

    public static Arbitrary<KeyOrderVote> votes() {
        return Combinators.combine(Arbitraries.longs(), chainKeys(), txnIds().list().ofMaxSize(4)).as(KeyOrderVote::new);
    }

    public static Arbitrary<RLogRecord> records() {
        return Combinators.combine(regions(), Arbitraries.longs().greaterOrEqual(1), txnEntries().list().ofMaxSize(3),
                epochVectors(), batches().list().ofMaxSize(3), votes().list().ofMaxSize(3), versions(),
                cancels()).as(RLogRecord::new);
    }

    /** Records as large as the size bound's tests draw them: up to 12 transactions, votes of up to 40. */
    public static Arbitrary<RLogRecord> largeRecords() {
        return Combinators.combine(regions(), Arbitraries.longs().greaterOrEqual(1), txnEntries().list().ofMaxSize(12),
                epochVectors(), batches().list().ofMaxSize(6), largeVotes().list().ofMaxSize(4), versions(),
                cancels()).as(RLogRecord::new);
    }

    /** A record's cancellations: mostly none, as most records have. */
    private static Arbitrary<List<RequestId>> cancels() {
        return Arbitraries.frequencyOf(Tuple.of(3, Arbitraries.just(List.<RequestId>of())),
                Tuple.of(1, requests().list().ofMinSize(1).ofMaxSize(4)));
    }

    public static Arbitrary<KeyOrderVote> largeVotes() {
        return Combinators.combine(Arbitraries.longs(), chainKeys(), txnIds().list().ofMaxSize(40)).as(KeyOrderVote::new);
    }

    /** One arbitrary that picks a subtype, then a value of it. */
    public static <T> Arbitrary<T> oneOf(Map<? extends Class<? extends T>, ? extends Arbitrary<? extends T>> byType) {
        return Arbitraries.oneOf(List.copyOf(byType.values()));
    }
}
