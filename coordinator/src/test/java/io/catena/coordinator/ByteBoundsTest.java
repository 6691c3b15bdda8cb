package io.catena.coordinator;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.core.config.ClusterConfig;
import io.catena.core.data.ChainKey;
import io.catena.core.data.Datum;
import io.catena.core.data.Row;
import io.catena.core.data.RowKey;
import io.catena.core.id.RegionId;
import io.catena.core.id.RequestId;
import io.catena.core.id.TxnId;
import io.catena.core.message.TxnReply;
import io.catena.core.rlog.EncodedSize;
import io.catena.core.rlog.RLogRecord;
import io.catena.core.rlog.TxnEntry;
import io.catena.core.txn.Op;
import io.catena.core.txn.Outcome;
import io.catena.core.txn.TxnSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The byte bounds keep every transaction, record and epoch message under its limit, and none of
 * them costs a transaction or stalls a link: whole regions run on one thread with small limits
 * (a transaction of 2 KiB, a record of 5 KiB, an epoch message of 6 KiB), and large transactions
 * are refused, spread over records, and shipped across a healed partition.
 */
class ByteBoundsTest {

    private static final RegionId US = RegionId.of(0);
    private static final RegionId EU = RegionId.of(1);
    private static final RegionId ASIA = RegionId.of(2);
    private static final int MAX_TXN = 2 << 10;
    private static final int MAX_RECORD = 5 << 10;
    private static final int MAX_MESSAGE = 6 << 10;
    private static final String TABLE = "docs";

    private static ClusterConfig config() {
        return ClusterConfig.builder().regions(List.of("us", "eu", "asia")).chainServersPerRegion(1)
                .maxTransactionBytes(MAX_TXN).maxRecordBytes(MAX_RECORD).maxEpochMessageBytes(MAX_MESSAGE).build();
    }

    @Test
    void aTransactionAboveTheLimitIsRefusedOnArrivalAndNeverLogged() {
        SteppedRegions regions = new SteppedRegions(config());
        RequestId tooLarge = new RequestId(1, 1);
        RequestId fine = new RequestId(1, 2);
        TxnSpec spec = document("big", 2_100);
        long size = EncodedSize.txn(spec);

        regions.submit(US, tooLarge, spec);
        regions.submit(US, fine, document("small", 100));
        regions.runFor(2_000_000);

        TxnReply refused = regions.replies().get(tooLarge);
        assertThat(refused.result().outcome()).isEqualTo(Outcome.REJECTED);
        assertThat(refused.result().reason())
                .isEqualTo("the transaction is " + size + " bytes; the limit is " + MAX_TXN + " bytes (maxTransactionBytes)");
        assertThat(refused.version()).isNull();
        assertThat(regions.replies().get(fine).result().outcome()).isEqualTo(Outcome.COMMITTED);
        for (RegionId r : List.of(US, EU, ASIA)) {
            assertThat(requests(regions.ownRecords(r))).doesNotContain(tooLarge);
            assertThat(regions.read(r, ChainKey.of(TABLE, "big"))).isEmpty();
            assertThat(regions.read(r, ChainKey.of(TABLE, "small"))).isNotEmpty();
        }
        assertThat(regions.coordinator(US).stats().txnsTooLarge).isEqualTo(1);
    }

    @Test
    void aBurstOfLargeTransactionsSpreadsOverRecordsInArrivalOrderAndAllCommit() {
        SteppedRegions regions = new SteppedRegions(config());
        List<RequestId> burst = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            RequestId request = new RequestId(2, i);
            burst.add(request);
            regions.submit(US, request, document("burst-" + i, 1_500));
        }
        regions.runFor(3_000_000);

        List<RLogRecord> records = regions.ownRecords(US);
        List<TxnId> ids = new ArrayList<>();
        for (RLogRecord r : records) {
            assertThat(EncodedSize.record(r)).as("record of epoch %d", r.epoch()).isLessThanOrEqualTo(MAX_RECORD);
            r.txns().forEach(t -> ids.add(t.id()));
        }
        assertThat(requests(records)).as("logged once each, in arrival order").containsExactlyElementsOf(burst);
        assertThat(ids).as("ids follow the records that carry them").isSorted();
        assertThat(records.stream().filter(r -> !r.txns().isEmpty()).count()).isGreaterThanOrEqualTo(10);
        assertThat(records.stream().filter(r -> !r.txns().isEmpty()).mapToInt(r -> r.txns().size()).max())
                .hasValue(2);
        for (RequestId request : burst) {
            assertThat(regions.replies().get(request)).as("%s answered", request).isNotNull();
            assertThat(regions.replies().get(request).result().outcome()).isEqualTo(Outcome.COMMITTED);
        }
        for (int i = 0; i < 20; i++) {
            Row row = regions.read(ASIA, ChainKey.of(TABLE, "burst-" + i)).get("");
            assertThat(row.getLong("n", -1)).isEqualTo(1_500);
        }
        assertThat(regions.coordinator(US).stats().txnsDeferred).isPositive();
        assertThat(regions.coordinator(US).stats().recordsFull).isPositive();
    }

    @Test
    void epochMessagesStayWithinTheirBudgetAndABacklogAfterAPartitionReachesThePeer() {
        SteppedRegions regions = new SteppedRegions(config());
        regions.cut(US, ASIA);
        regions.cut(EU, ASIA);
        List<RequestId> submitted = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            RequestId fromUs = new RequestId(3, i);
            RequestId fromEu = new RequestId(4, i);
            regions.submit(US, fromUs, document("us-" + i, 1_500));
            regions.submit(EU, fromEu, document("eu-" + i, 1_500));
            submitted.add(fromUs);
            submitted.add(fromEu);
            regions.runFor(10_000);
        }
        regions.runFor(500_000);
        long usLogged = regions.ownRecords(US).get(regions.ownRecords(US).size() - 1).epoch();
        assertThat(regions.coordinator(ASIA).heldThrough(US)).as("cut off").isLessThan(10);
        regions.heal(US, ASIA);
        regions.heal(EU, ASIA);
        int healedAt = regions.shipped().size();
        regions.runFor(5_000_000);

        for (SteppedRegions.Shipped s : regions.shipped()) {
            long bytes = EncodedSize.epochMessageSkeleton(3);
            for (RLogRecord r : s.message().records()) {
                bytes += EncodedSize.record(r);
            }
            assertThat(bytes).as("epoch message %s→%s at %d µs", s.from(), s.to(), s.atMicros())
                    .isLessThanOrEqualTo(MAX_MESSAGE);
        }
        long usToAsiaAfterHealing = regions.shipped().subList(healedAt, regions.shipped().size()).stream()
                .filter(s -> s.from().equals(US) && s.to().equals(ASIA) && !s.message().records().isEmpty())
                .count();
        assertThat(usToAsiaAfterHealing).as("the backlog took several messages").isGreaterThan(10);
        assertThat(regions.coordinator(US).stats().epochMessagesFull).isPositive();
        assertThat(regions.coordinator(ASIA).heldThrough(US)).isGreaterThanOrEqualTo(usLogged);
        for (RequestId request : submitted) {
            TxnReply reply = regions.replies().get(request);
            assertThat(reply).as("%s answered", request).isNotNull();
            assertThat(reply.result().outcome()).isEqualTo(Outcome.COMMITTED);
        }
        for (int i = 0; i < 100; i++) {
            for (String key : List.of("us-" + i, "eu-" + i)) {
                Map<String, Row> asia = regions.read(ASIA, ChainKey.of(TABLE, key));
                assertThat(asia).as(key).isEqualTo(regions.read(US, ChainKey.of(TABLE, key))).isNotEmpty();
            }
        }
    }

    /** A blind write of one row whose {@code body} has {@code padChars} characters. */
    private static TxnSpec document(String key, int padChars) {
        Row row = Row.of(Map.of("n", Datum.of(padChars), "body", Datum.of("x".repeat(padChars))));
        return new TxnSpec.AdHoc(List.of(new Op.Write(RowKey.of(TABLE, key), row)));
    }

    private static List<RequestId> requests(List<RLogRecord> records) {
        List<RequestId> out = new ArrayList<>();
        for (RLogRecord r : records) {
            for (TxnEntry t : r.txns()) {
                out.add(t.request());
            }
        }
        return out;
    }
}
