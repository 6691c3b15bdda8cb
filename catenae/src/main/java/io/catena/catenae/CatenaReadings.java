package io.catena.catenae;

import io.catena.chainserver.ChainServerStats;
import io.catena.coordinator.Coordinator;
import io.catena.coordinator.CoordinatorStats;
import io.catena.core.id.RegionId;
import io.catena.core.protocol.NodeReading;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The names under which Catena's nodes show their counters and gauges to metrics, and the
 * readings themselves, taken on the node's thread.
 */
public final class CatenaReadings {

    public static final String RECEIVED = "txnsReceived";
    public static final String COMMITTED = "committed";
    public static final String ABORTED = "aborted";
    public static final String REJECTED = "txnsRejected";
    public static final String DROPPED = "txnsDropped";
    public static final String DUPLICATES = "duplicateRequests";
    public static final String NON_CONFLICTING = "nonConflicting";
    public static final String CONFLICTING = "conflicting";
    public static final String READ_ONLY_QUERIES = "readOnlyQueries";
    public static final String READ_ONLY_TOO_LARGE = "readOnlyTooLarge";
    public static final String EPOCH_MESSAGE_BYTES = "epochMessageBytes";
    public static final String RECORDS_RETRANSMITTED = "recordsRetransmitted";
    public static final String COMMIT_PASS_REDRIVES = "commitPassRedrives";
    /** Records closed without the transactions waiting for them: some region was too far behind (backpressure). */
    public static final String RECORDS_HELD_BACK = "recordsHeldBack";
    public static final String TOO_LARGE = "txnsTooLarge";
    public static final String DEFERRED = "txnsDeferred";
    public static final String LATE_COPIES = "lateCopies";
    public static final String EPOCH_MESSAGES_FULL = "epochMessagesFull";
    public static final String MEMBERSHIP_CHANGES = "membershipChanges";
    public static final String MEMBERSHIP_HANDOFFS = "membershipHandoffs";
    /** Gauges of the coordinator: transactions in flight, log records held, transactions awaiting a record. */
    public static final String IN_FLIGHT = "inFlight";
    public static final String HELD_RECORDS = "heldRecords";
    public static final String AWAITING_RECORD = "awaitingRecord";
    /** Chain servers: hops of decided executions, and the speculative ones confirmed or redone. */
    public static final String DECIDED_HOPS = "decidedHops";
    public static final String VALID_SPECULATIVE_HOPS = "validSpeculativeHops";
    public static final String CAUGHT_UP_HOPS = "caughtUpHops";
    /** Chain servers' memory budget: keys evicted, partitions loaded from the store, and the bytes cached now. */
    public static final String KEYS_EVICTED = "keysEvicted";
    public static final String PARTITION_LOADS = "partitionLoads";
    public static final String BYTES_CACHED = "bytesCached";

    private CatenaReadings() {
    }

    /** The name of the last epoch of {@code origin}'s log the coordinator holds. */
    public static String heldThrough(RegionId origin) {
        return "heldThrough." + origin.index();
    }

    /**
     * Valid speculative hops over all hops that were speculated and then decided ({@code valid}
     * and {@code redone} summed over the region's chain servers); 1 when none were.
     */
    public static double speculationSuccess(long valid, long redone) {
        return valid + redone == 0 ? 1.0 : (double) valid / (valid + redone);
    }

    static NodeReading of(Coordinator c) {
        CoordinatorStats st = c.stats();
        Map<String, Long> v = new LinkedHashMap<>();
        v.put(RECEIVED, st.txnsReceived);
        v.put(COMMITTED, st.committed);
        v.put(ABORTED, st.aborted);
        v.put(REJECTED, st.txnsRejected);
        v.put(DROPPED, st.txnsDropped);
        v.put(DUPLICATES, st.duplicateRequests);
        v.put(NON_CONFLICTING, st.nonConflicting);
        v.put(CONFLICTING, st.conflicting);
        v.put(READ_ONLY_QUERIES, st.readOnlyQueries);
        v.put(READ_ONLY_TOO_LARGE, st.readOnlyTooLarge);
        v.put(EPOCH_MESSAGE_BYTES, st.epochMessageBytes);
        v.put(RECORDS_RETRANSMITTED, st.recordsRetransmitted);
        v.put(COMMIT_PASS_REDRIVES, st.commitPassRedrives);
        v.put(RECORDS_HELD_BACK, st.recordsHeldBack);
        v.put(TOO_LARGE, st.txnsTooLarge);
        v.put(DEFERRED, st.txnsDeferred);
        v.put(LATE_COPIES, st.lateCopies);
        v.put(EPOCH_MESSAGES_FULL, st.epochMessagesFull);
        v.put(MEMBERSHIP_CHANGES, st.membershipChanges);
        v.put(MEMBERSHIP_HANDOFFS, st.handoffs);
        v.put(IN_FLIGHT, (long) c.transactionsInFlight());
        v.put(HELD_RECORDS, c.heldRecords());
        v.put(AWAITING_RECORD, (long) c.queuedTransactions());
        for (RegionId r : c.context().config.regionIds()) {
            v.put(heldThrough(r), c.heldThrough(r));
        }
        return new NodeReading(v);
    }

    static NodeReading of(ChainServerStats st) {
        return new NodeReading(Map.of(DECIDED_HOPS, st.decidedHops(), VALID_SPECULATIVE_HOPS, st.validSpeculativeHops(),
                CAUGHT_UP_HOPS, st.caughtUpHops(), KEYS_EVICTED, st.keysEvicted(), PARTITION_LOADS, st.partitionLoads(),
                BYTES_CACHED, st.bytesCached()));
    }
}
