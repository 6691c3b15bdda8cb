package io.catena.wire.codec;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.dataformat.smile.SmileFactory;
import com.fasterxml.jackson.dataformat.smile.SmileGenerator;
import io.catena.core.data.ChainKey;
import io.catena.core.data.Datum;
import io.catena.core.data.ReadResult;
import io.catena.core.data.Row;
import io.catena.core.data.RowKey;
import io.catena.core.data.Version;
import io.catena.core.id.RegionId;
import io.catena.core.id.RequestId;
import io.catena.core.id.TxnId;
import io.catena.core.message.TxnReply;
import io.catena.core.rlog.EncodedSize;
import io.catena.core.rlog.EpochVector;
import io.catena.core.rlog.KeyOrderVote;
import io.catena.core.rlog.RLogRecord;
import io.catena.core.rlog.TxnEntry;
import io.catena.core.txn.Op;
import io.catena.core.txn.TxnResult;
import io.catena.core.txn.TxnSpec;
import io.catena.core.txn.UpdateFn;
import io.catena.wire.ClientMessage;
import io.catena.wire.CoreArbitraries;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * {@link EncodedSize} is what the coordinator budgets records, epoch messages and read-only answers
 * with, so it must never under-count the Smile encoding: each part (a logged transaction, a vote,
 * a record) is encoded alone and compared with its bound, and whole reply frames with theirs (whole
 * epoch messages in Catena's wire module), over random content with extreme numbers and text far
 * outside ASCII. Where bytes matter, in large values, the bound is also close. jqwik prints the
 * seed of a failing run.
 */
class EncodedSizeBoundTest {

    /** The codec's Smile settings; a part is measured without the 4-byte header (it is not a frame). */
    private static final SmileFactory PARTS = SmileFactory.builder()
            .enable(SmileGenerator.Feature.WRITE_HEADER)
            .enable(SmileGenerator.Feature.CHECK_SHARED_STRING_VALUES)
            .build();
    private static final int SMILE_HEADER = 4;

    @Property(tries = 500)
    void aLoggedTransactionNeverTakesMoreThanItsBound(@ForAll("entries") TxnEntry entry) throws IOException {
        assertThat(encoded(w -> RLogSchema.writeEntry(w, entry))).isLessThanOrEqualTo(EncodedSize.txn(entry.spec()));
    }

    @Property(tries = 500)
    void aVoteNeverTakesMoreThanItsBound(@ForAll("votes") KeyOrderVote vote) throws IOException {
        assertThat(encoded(w -> RLogSchema.writeVote(w, vote))).isLessThanOrEqualTo(EncodedSize.vote(vote));
    }

    @Property(tries = 500)
    void aRecordNeverTakesMoreThanItsBound(@ForAll("records") RLogRecord record) throws IOException {
        assertThat(encoded(w -> RLogSchema.writeRecord(w, record))).isLessThanOrEqualTo(EncodedSize.record(record));
    }

    @Property(tries = 500)
    void aReplyFrameNeverTakesMoreThanItsBound(@ForAll("replies") TxnReply reply) {
        // The frame limit counts the kind byte and the body.
        assertThat(1L + Bodies.encode(JacksonWireCodec.smile(), new ClientMessage(reply)).length)
                .isLessThanOrEqualTo(EncodedSize.replyFrame(reply.result()));
    }

    /**
     * A read-only answer is refused above the frame budget by its bound, so the bound decides how
     * much a snapshot can read. Rows of a kilobyte measure within a tenth of their encoding; tiny
     * rows, where Smile shortens every repeated name and key to a back-reference, about four times
     * it, as tiny transactions do in records.
     */
    @Test
    void largeAnswersAreMeasuredWithinATenthAndTinyRowsAtMostFourfold() {
        assertThat(answerBound(2_000, 1_024)).isBetween(1.0, 1.1);
        assertThat(answerBound(20_000, 8)).isBetween(1.0, 4.0);
    }

    /** The bound of an answer of {@code rows} rows of one partition, as a multiple of its encoding. */
    private static double answerBound(int rows, int chars) {
        List<ReadResult> reads = new ArrayList<>();
        for (int i = 0; i < rows; i++) {
            reads.add(new ReadResult(RowKey.of("orders", "w1-d7", String.format("o%08d", i)),
                    Row.of(Map.of("note", Datum.of("n".repeat(chars)), "amount", Datum.of(i)))));
        }
        TxnReply reply = new TxnReply(new RequestId(4711, 42), TxnResult.committed(reads, Row.EMPTY),
                Version.of(1_000_123, 4), false);
        long actual = 1L + Bodies.encode(JacksonWireCodec.smile(), new ClientMessage(reply)).length;
        long bound = EncodedSize.replyFrame(reply.result());
        System.out.printf("answer of %d rows of %d chars: smile %d bytes, bound %d bytes (%.2fx)%n", rows, chars,
                actual, bound, (double) bound / actual);
        return (double) bound / actual;
    }

    @Test
    void everySchemaFieldNameIsShortEnoughForTheBound() {
        WireAssertions.assertFieldNamesFitTheBound(FieldNames.class);
    }

    @Test
    void largeValuesAreMeasuredWithinOnePercent() throws IOException {
        List<String> values = List.of("x".repeat(900 << 10), "é".repeat(300 << 10), "語".repeat(300 << 10),
                "\uD83D\uDE00".repeat(200 << 10));
        for (String value : values) {
            TxnSpec spec = new TxnSpec.AdHoc(List.of(new Op.Write(RowKey.of("docs", "d1"), Row.of("body", value))));
            RLogRecord record = record(List.of(entry(0, spec)));
            long actual = encoded(w -> RLogSchema.writeRecord(w, record));
            long bound = EncodedSize.record(record);
            System.out.printf("record with a %d-char value: smile %d bytes, bound %d bytes%n",
                    value.length(), actual, bound);

            assertThat(bound).isBetween(actual, actual + actual / 100);
        }
    }

    /**
     * Small transactions are where the bound is loose: every schema field name counts in full,
     * though Smile writes a repeated one as a one-byte reference, and every number at its largest.
     * A record of tiny transfers measures about six times its encoded size, which still lets a
     * 4 MiB record carry thousands of them per epoch.
     */
    @Test
    void smallTransactionsAreOverCountedAtMostSevenfold() throws IOException {
        List<TxnEntry> txns = new ArrayList<>();
        for (int i = 0; i < 2_000; i++) {
            TxnSpec transfer = new TxnSpec.AdHoc(List.of(
                    new Op.Update(RowKey.of("accounts", "a" + (i % 97)), new UpdateFn.Add("balance", -5)),
                    new Op.Update(RowKey.of("accounts", "a" + (i % 89)), new UpdateFn.Add("balance", 5))));
            txns.add(entry(i, transfer));
        }
        RLogRecord record = record(txns);
        long actual = encoded(w -> RLogSchema.writeRecord(w, record));
        long bound = EncodedSize.record(record);
        System.out.printf("record of %d small transfers: smile %d bytes, bound %d bytes (%.1fx)%n", txns.size(),
                actual, bound, (double) bound / actual);

        assertThat(bound).isBetween(actual, 7 * actual);
    }

    @Provide
    Arbitrary<TxnReply> replies() {
        return Combinators.combine(CoreArbitraries.requests(), CoreArbitraries.results(),
                CoreArbitraries.versions().injectNull(0.3), Arbitraries.of(true, false)).as(TxnReply::new);
    }

    @Provide
    Arbitrary<TxnEntry> entries() {
        return CoreArbitraries.txnEntries();
    }

    @Provide
    Arbitrary<KeyOrderVote> votes() {
        return CoreArbitraries.largeVotes();
    }

    @Provide
    Arbitrary<RLogRecord> records() {
        return CoreArbitraries.largeRecords();
    }

    private static TxnEntry entry(int position, TxnSpec spec) {
        return new TxnEntry(new TxnId(123_456_789L, RegionId.of(2), position), new RequestId(987_654_321L, position),
                9_999, spec);
    }

    private static RLogRecord record(List<TxnEntry> txns) {
        return new RLogRecord(RegionId.of(2), 123_456_789L, txns, EpochVector.of(new long[] {1, 2, 3}), List.of(),
                List.of(new KeyOrderVote(5, ChainKey.of("accounts", "a1"), List.of())), new Version(123_456_700L, 0));
    }

    /** Writes one part with the codec's schema writers and returns its size. */
    private static long encoded(Part part) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (JsonGenerator g = PARTS.createGenerator(out)) {
            part.write(new WireWriter(g));
        }
        return out.size() - SMILE_HEADER;
    }

    @FunctionalInterface
    private interface Part {
        void write(WireWriter w) throws IOException;
    }
}
