package io.catena.catenae;

import static io.catena.catenae.CatenaReadings.ABORTED;
import static io.catena.catenae.CatenaReadings.AWAITING_RECORD;
import static io.catena.catenae.CatenaReadings.CAUGHT_UP_HOPS;
import static io.catena.catenae.CatenaReadings.COMMITTED;
import static io.catena.catenae.CatenaReadings.CONFLICTING;
import static io.catena.catenae.CatenaReadings.DECIDED_HOPS;
import static io.catena.catenae.CatenaReadings.DEFERRED;
import static io.catena.catenae.CatenaReadings.DROPPED;
import static io.catena.catenae.CatenaReadings.DUPLICATES;
import static io.catena.catenae.CatenaReadings.EPOCH_MESSAGES_FULL;
import static io.catena.catenae.CatenaReadings.EPOCH_MESSAGE_BYTES;
import static io.catena.catenae.CatenaReadings.HELD_RECORDS;
import static io.catena.catenae.CatenaReadings.IN_FLIGHT;
import static io.catena.catenae.CatenaReadings.LATE_COPIES;
import static io.catena.catenae.CatenaReadings.MEMBERSHIP_CHANGES;
import static io.catena.catenae.CatenaReadings.MEMBERSHIP_HANDOFFS;
import static io.catena.catenae.CatenaReadings.NON_CONFLICTING;
import static io.catena.catenae.CatenaReadings.READ_ONLY_QUERIES;
import static io.catena.catenae.CatenaReadings.READ_ONLY_TOO_LARGE;
import static io.catena.catenae.CatenaReadings.RECEIVED;
import static io.catena.catenae.CatenaReadings.RECORDS_HELD_BACK;
import static io.catena.catenae.CatenaReadings.RECORDS_RETRANSMITTED;
import static io.catena.catenae.CatenaReadings.REJECTED;
import static io.catena.catenae.CatenaReadings.TOO_LARGE;
import static io.catena.catenae.CatenaReadings.VALID_SPECULATIVE_HOPS;

import io.catena.core.config.ClusterConfig;
import io.catena.core.epoch.Epochs;
import io.catena.core.id.RegionId;
import io.catena.core.protocol.Series;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The metric series a Catena region shows (the list in {@code server.metrics}' package doc). */
final class CatenaSeries {

    private CatenaSeries() {
    }

    static List<Series> of(ClusterConfig config, RegionId local) {
        List<Series> s = new ArrayList<>();
        for (String[] outcome : new String[][] {{"committed", COMMITTED}, {"aborted", ABORTED},
                {"rejected", REJECTED}, {"dropped", DROPPED}}) {
            s.add(counter("catena_transactions", "read-write transactions of every region decided in this region, "
                    + "by outcome", Map.of("outcome", outcome[0]), outcome[1]));
        }
        s.add(counter("catena_transactions_received", "read-write transactions clients submitted to this region",
                Map.of(), RECEIVED));
        s.add(counter("catena_duplicate_requests", "retried requests recognised as duplicates", Map.of(), DUPLICATES));
        String scheduled = "transactions of every region scheduled here, by whether they conflicted in their epoch";
        s.add(counter("catena_transactions_scheduled", scheduled, Map.of("class", "non_conflicting"), NON_CONFLICTING));
        s.add(counter("catena_transactions_scheduled", scheduled, Map.of("class", "conflicting"), CONFLICTING));
        s.add(counter("catena_read_only_queries", "read-only snapshot reads served", Map.of(), READ_ONLY_QUERIES));
        s.add(counter("catena_read_only_too_large", "snapshot reads refused because their answer would not fit in a "
                + "frame", Map.of(), READ_ONLY_TOO_LARGE));
        s.add(counter("catena_epoch_message_bytes", "bytes of epoch messages sent to other regions", Map.of(),
                EPOCH_MESSAGE_BYTES));
        s.add(counter("catena_rlog_records_retransmitted", "log records sent again because a peer had not "
                + "acknowledged them", Map.of(), RECORDS_RETRANSMITTED));
        s.add(gauge("catena_transactions_in_flight", "transactions scheduled but not yet answered", IN_FLIGHT));
        s.add(gauge("catena_rlog_backlog_records", "replicated log records held and not yet truncated", HELD_RECORDS));
        s.add(counter("catena_transactions_too_large", "transactions refused on arrival for exceeding "
                + "maxTransactionBytes", Map.of(), TOO_LARGE));
        s.add(counter("catena_transactions_deferred", "transactions logged in a later epoch than they arrived in, "
                + "for lack of room in a record", Map.of(), DEFERRED));
        s.add(counter("catena_request_copies_late", "copies of requests left out because they reached a record "
                + "longer after the client issued them than the dedup window allows", Map.of(), LATE_COPIES));
        s.add(counter("catena_records_held_back", "records this region closed without the transactions waiting for "
                + "them, because some region was more than half a second behind in executing (backpressure)", Map.of(),
                RECORDS_HELD_BACK));
        s.add(gauge("catena_transactions_awaiting_record", "transactions that arrived and wait for room in a record",
                AWAITING_RECORD));
        s.add(counter("catena_epoch_messages_full", "epoch messages that left a due record for a later epoch, "
                + "for lack of room", Map.of(), EPOCH_MESSAGES_FULL));
        s.add(counter("catena_membership_changes", "new ownership maps the coordinator announced to its chain "
                + "servers, each from a membership epoch on (a map beside the store's nodes, a layout change)", Map.of(),
                MEMBERSHIP_CHANGES));
        s.add(counter("catena_membership_handoffs", "membership changes handed off: every epoch before them applied, "
                + "so the keys' new owners serve them and their old owners are done with them", Map.of(),
                MEMBERSHIP_HANDOFFS));
        Epochs epochs = new Epochs(config.epochLengthMicros());
        for (RegionId peer : config.regionIds()) {
            if (!peer.equals(local)) {
                s.add(new Series("catena_epoch_lag", "epochs between this region's clock and the newest epoch held "
                        + "from the peer region", false, Map.of("from_region", config.regionName(peer)),
                        (r, nowMicros) -> Math.max(0, epochs.epochAt(nowMicros)
                                - r.entry().get(CatenaReadings.heldThrough(peer)))));
            }
        }
        s.add(new Series("catena_speculation_success_ratio", "share of decided hops of conflicting transactions whose "
                + "speculative inputs were right", false, Map.of(),
                (r, nowMicros) -> CatenaReadings.speculationSuccess(r.sum(VALID_SPECULATIVE_HOPS),
                        r.sum(CAUGHT_UP_HOPS))));
        s.add(new Series("catena_hops", "hops of decided executions", true, Map.of(),
                (r, nowMicros) -> r.sum(DECIDED_HOPS)));
        s.add(new Series("catena_chain_keys_evicted", "idle partitions chain servers evicted to keep within their "
                + "memory budget", true, Map.of(), (r, nowMicros) -> r.sum(CatenaReadings.KEYS_EVICTED)));
        s.add(new Series("catena_chain_partition_loads", "partitions chain servers loaded from the store: first "
                + "loads, and loads again after an eviction or an ownership handoff", true, Map.of(),
                (r, nowMicros) -> r.sum(CatenaReadings.PARTITION_LOADS)));
        s.add(new Series("catena_chain_cached_bytes", "estimated bytes of the partitions chain servers hold in memory, "
                + "which their memory budget bounds", false, Map.of(), (r, nowMicros) -> r.sum(CatenaReadings.BYTES_CACHED)));
        return List.copyOf(s);
    }

    private static Series counter(String name, String description, Map<String, String> labels, String reading) {
        return new Series(name, description, true, labels, (r, nowMicros) -> r.entry().get(reading));
    }

    private static Series gauge(String name, String description, String reading) {
        return new Series(name, description, false, Map.of(), (r, nowMicros) -> r.entry().get(reading));
    }
}
