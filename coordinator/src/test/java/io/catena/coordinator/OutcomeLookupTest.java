package io.catena.coordinator;

import static org.assertj.core.api.Assertions.assertThat;

import io.catena.core.config.ClusterConfig;
import io.catena.core.data.ChainKey;
import io.catena.core.data.Datum;
import io.catena.core.data.Row;
import io.catena.core.data.RowKey;
import io.catena.core.id.NodeId;
import io.catena.core.id.RegionId;
import io.catena.core.id.RequestId;
import io.catena.core.message.QueryOutcome;
import io.catena.core.message.TxnReply;
import io.catena.core.txn.Op;
import io.catena.core.txn.Outcome;
import io.catena.core.txn.TxnSpec;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A client that lost an answer asks what became of its request, and gets an outcome that can no
 * longer change, in each of the four places the request can be: answered, logged but not yet
 * answered, still waiting for a record, and unknown to the region (then cancelled in the log, so
 * that it never runs, in any region); and, in majority mode, a cancellation whose record the
 * others abandoned, which counts for nothing and is logged again.
 */
class OutcomeLookupTest {

    private static final RegionId US = RegionId.of(0);
    private static final RegionId EU = RegionId.of(1);
    private static final RegionId ASIA = RegionId.of(2);
    private static final RequestId REQUEST = new RequestId(7, 1);
    private static final RequestId QUERY = new RequestId(7, 2);
    private static final RequestId LATER_QUERY = new RequestId(7, 3);

    private static ClusterConfig config() {
        return ClusterConfig.builder().regions(List.of("us", "eu", "asia")).chainServersPerRegion(1).build();
    }

    @Test
    void anAnsweredRequestIsAnsweredAgainAlsoOnceOnlyItsDurableAnswerIsLeft() {
        SteppedRegions regions = new SteppedRegions(config());
        regions.submit(US, REQUEST, put("k", 1));
        regions.runFor(1_000_000);
        TxnReply original = regions.replies().get(REQUEST);
        assertThat(original.result().outcome()).isEqualTo(Outcome.COMMITTED);

        regions.query(US, QUERY, REQUEST);
        regions.runFor(100_000);
        assertSameOutcome(regions.replies().get(QUERY), original);

        // The session forgets its answer after 10 s; the durable answer remains for the window.
        regions.runFor(15_000_000);
        regions.query(US, LATER_QUERY, REQUEST);
        regions.runFor(100_000);
        assertSameOutcome(regions.replies().get(LATER_QUERY), original);
        assertThat(cancels(regions, US)).isEmpty();
    }

    @Test
    void aRequestLoggedButNotYetScheduledIsAnsweredOnceItIs() {
        SteppedRegions regions = new SteppedRegions(config());
        regions.cut(US, EU);
        regions.cut(US, ASIA);
        regions.submit(US, REQUEST, put("k", 1));
        regions.runFor(300_000);
        assertThat(regions.ownRecords(US).stream().anyMatch(r -> !r.txns().isEmpty())).as("logged").isTrue();
        regions.query(US, QUERY, REQUEST);
        regions.runFor(300_000);
        assertThat(regions.replies()).as("nothing is decided while US is cut off").isEmpty();

        regions.heal(US, EU);
        regions.heal(US, ASIA);
        regions.runFor(2_000_000);
        TxnReply original = regions.replies().get(REQUEST);
        assertThat(original.result().outcome()).isEqualTo(Outcome.COMMITTED);
        assertSameOutcome(regions.replies().get(QUERY), original);
    }

    @Test
    void aRequestStillWaitingForItsRecordRunsAheadOfTheCancellation() {
        SteppedRegions regions = new SteppedRegions(config());
        regions.submit(US, REQUEST, put("k", 1));
        regions.query(US, QUERY, REQUEST);
        regions.runFor(1_000_000);

        TxnReply original = regions.replies().get(REQUEST);
        assertThat(original.result().outcome()).isEqualTo(Outcome.COMMITTED);
        assertSameOutcome(regions.replies().get(QUERY), original);
        assertThat(regions.coordinator(US).stats().cancellations).isEqualTo(1);
    }

    @Test
    void anUnknownRequestIsCancelledInTheLogAndNeverRunsInAnyRegion() {
        SteppedRegions regions = new SteppedRegions(config());
        regions.query(US, QUERY, REQUEST);
        regions.runFor(1_000_000);
        TxnReply answer = regions.replies().get(QUERY);
        assertThat(answer.result().outcome()).isEqualTo(Outcome.DROPPED);
        assertThat(answer.result().reason()).isEqualTo(QueryOutcome.CANCELLED);
        assertThat(cancels(regions, US)).containsExactly(REQUEST);

        // The lost request arrives after all, at its region and (a retry elsewhere) at another:
        // both are duplicates of the cancellation, so neither runs.
        regions.submit(US, REQUEST, put("k", 1));
        regions.runFor(1_000_000);
        assertThat(regions.replies().get(REQUEST).result().outcome()).isEqualTo(Outcome.DROPPED);
        assertThat(regions.replies().get(REQUEST).result().reason()).isEqualTo(QueryOutcome.CANCELLED);
        regions.submit(EU, REQUEST, put("k", 2));
        regions.runFor(1_000_000);
        for (RegionId region : List.of(US, EU, ASIA)) {
            assertThat(regions.read(region, ChainKey.of("kv", "k"))).as("k in " + region).isEmpty();
        }
        assertThat(regions.ownRecords(EU).stream().flatMap(r -> r.txns().stream()).map(t -> t.request()))
                .as("EU logged the retry").containsExactly(REQUEST);

        regions.query(US, LATER_QUERY, REQUEST);
        regions.runFor(100_000);
        assertThat(regions.replies().get(LATER_QUERY).result().reason()).isEqualTo(QueryOutcome.CANCELLED);
        assertThat(regions.coordinator(US).stats().cancellations).as("asking again cancels nothing more").isEqualTo(1);
    }

    @Test
    void aCancellationWhoseRecordWasAbandonedCountsForNothingAndIsLoggedAgain() {
        SteppedRegions regions = new SteppedRegions(ClusterConfig.builder().regions(List.of("us", "eu", "asia"))
                .chainServersPerRegion(1).faultTolerance(1).build());
        regions.runFor(500_000);
        regions.cut(US, EU);
        regions.cut(US, ASIA);
        regions.query(US, QUERY, REQUEST);
        regions.runFor(2_000_000);
        assertThat(regions.replies()).as("the others abandon US's records; US cannot schedule alone").isEmpty();

        regions.heal(US, EU);
        regions.heal(US, ASIA);
        regions.runFor(3_000_000);

        assertThat(regions.replies().get(QUERY).result().reason()).isEqualTo(QueryOutcome.CANCELLED);
        assertThat(regions.coordinator(US).stats().cancellations).as("cancelled again after the abandon")
                .isGreaterThan(1);
        regions.submit(US, REQUEST, put("k", 1));
        regions.runFor(1_000_000);
        assertThat(regions.replies().get(REQUEST).result().reason()).isEqualTo(QueryOutcome.CANCELLED);
        for (RegionId region : List.of(US, EU, ASIA)) {
            assertThat(regions.read(region, ChainKey.of("kv", "k"))).as("k in " + region).isEmpty();
        }
    }

    /**
     * A lookup that found the request's transaction waits for that transaction's answer, however
     * long it takes, even once the dedup window has let the request go: the client library resends
     * its query every second, and a resend that looked the request up again after the window found
     * nothing, cancelled it, and answered DROPPED for a transaction that then committed (G1a in a
     * `catena bench` run whose regions had fallen 30 s behind in applying).
     */
    @Test
    void aLookupThatFoundItsTransactionWaitsForItPastTheDedupWindow() {
        SteppedRegions regions = new SteppedRegions(config());
        regions.runFor(100_000);
        NodeId chainServer = NodeId.chainServer(US, 0);
        regions.pause(chainServer);
        regions.submit(US, REQUEST, put("k", 1));
        regions.runFor(20_000_000);
        assertThat(regions.replies()).as("the chain server takes nothing").isEmpty();

        regions.query(US, QUERY, REQUEST);
        long windowMicros = Coordinator.DEDUP_WINDOW_EPOCHS * config().epochLengthMicros();
        regions.runFor(windowMicros - 20_000_000 + 1_000_000);
        regions.query(US, QUERY, REQUEST);
        regions.runFor(1_000_000);
        assertThat(regions.replies()).as("the transaction still runs, so nothing is settled").isEmpty();

        regions.resume(chainServer);
        regions.runFor(1_000_000);
        TxnReply original = regions.replies().get(REQUEST);
        assertThat(original.result().outcome()).isEqualTo(Outcome.COMMITTED);
        assertSameOutcome(regions.replies().get(QUERY), original);
        assertThat(cancels(regions, US)).isEmpty();
    }

    /**
     * A region whose scheduling is stalled while its clock runs on (cut off from the others here; in
     * the lab, its store was down for 40 s) can be asked about a request it logged before the stall
     * more than a dedup window after that request's epoch: the client library looks up at its 20 s
     * deadline and resends the query for another 20 s, and a region whose store is down refuses
     * queries until it is back. The index does not know the request yet, since the region has not
     * scheduled its epoch; a cancellation logged then lies more than a window after the
     * transaction, which the index has forgotten by the time it schedules the cancellation, so the
     * cancellation counted first in every region and the lookup answered DROPPED for a transaction
     * that committed everywhere (HBaseClusterTest's storage outage: a transfer answered not
     * committed, applied in all three regions).
     */
    @Test
    void aLookupOfARegionAWindowBehindWaitsForTheRequestItLoggedBeforeInsteadOfCancellingIt() {
        SteppedRegions regions = new SteppedRegions(config());
        regions.runFor(100_000);
        regions.cut(US, EU);
        regions.cut(US, ASIA);
        regions.submit(US, REQUEST, put("k", 1));
        long windowMicros = Coordinator.DEDUP_WINDOW_EPOCHS * config().epochLengthMicros();
        regions.runFor(windowMicros + 5_000_000);
        regions.query(US, QUERY, REQUEST);
        regions.runFor(1_000_000);
        assertThat(regions.replies()).as("nothing is decided while US is cut off").isEmpty();

        // US's chain server answers only once every epoch is scheduled: the request's answer comes
        // after the epoch that a cancellation queued by the query would have been logged in.
        NodeId chainServer = NodeId.chainServer(US, 0);
        regions.pause(chainServer);
        regions.heal(US, EU);
        regions.heal(US, ASIA);
        regions.runFor(5_000_000);
        regions.resume(chainServer);
        regions.runFor(2_000_000);

        TxnReply original = regions.replies().get(REQUEST);
        assertThat(original.result().outcome()).isEqualTo(Outcome.COMMITTED);
        assertSameOutcome(regions.replies().get(QUERY), original);
        for (RegionId region : List.of(US, EU, ASIA)) {
            assertThat(regions.read(region, ChainKey.of("kv", "k"))).as("k in " + region).isNotEmpty();
        }
        assertThat(cancels(regions, US)).as("no cancellation in the log says otherwise").isEmpty();
    }

    private static List<RequestId> cancels(SteppedRegions regions, RegionId region) {
        return regions.ownRecords(region).stream().flatMap(r -> r.cancels().stream()).toList();
    }

    private static void assertSameOutcome(TxnReply lookedUp, TxnReply original) {
        assertThat(lookedUp).as("the lookup's answer").isNotNull();
        assertThat(lookedUp.result()).isEqualTo(original.result());
        assertThat(lookedUp.version()).isEqualTo(original.version());
        assertThat(lookedUp.contended()).isEqualTo(original.contended());
    }

    private static TxnSpec put(String key, long value) {
        return new TxnSpec.AdHoc(List.of(new Op.Write(RowKey.of("kv", key), Row.of(Map.of("v", Datum.of(value))))));
    }
}
