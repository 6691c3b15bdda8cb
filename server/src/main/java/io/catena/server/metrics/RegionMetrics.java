package io.catena.server.metrics;

import io.catena.catenae.CatenaReadings;
import io.catena.core.id.RegionId;
import io.catena.server.host.MicrosClock;
import io.catena.server.host.NodeRunner;
import io.catena.server.net.ConnectionRefusals;
import io.catena.server.net.InFlightRequests;
import io.catena.server.net.PeerLink;
import io.catena.server.net.RequestObserver;
import io.catena.server.region.RegionRuntime;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import java.time.Duration;
import java.util.Locale;
import java.util.function.ToDoubleFunction;
import java.util.function.ToLongFunction;

/**
 * Publishes a region's protocol counters and client request latencies as Micrometer meters.
 * Protocol nodes keep plain counters on their own threads; {@link #refresh} copies them on those
 * threads (see {@link NodeReadings}), and meters read the copies, so the hot path pays nothing
 * and no node is read from a foreign thread. Call {@link #refresh} before each scrape (the
 * {@link MetricsEndpoint} does); a scrape then sees every counter as of that refresh.
 *
 * <p>Request latencies are measured where clients' requests arrive and answers leave (see
 * {@link RequestMeters}); binding replaces the region's previous request observer, and
 * {@link #close} removes it again. Meters hold the region weakly, as Micrometer does, and these
 * metrics strongly.
 */
public final class RegionMetrics implements AutoCloseable {

    /** How long a refresh waits for the region's nodes before it shows their previous readings. */
    public static final Duration REFRESH_TIMEOUT = Duration.ofSeconds(1);

    private final RegionRuntime region;
    private final MeterRegistry registry;
    private final Tags regionTag;
    private final NodeReadings readings;
    private final MicrosClock protocolClock;

    private RegionMetrics(RegionRuntime region, MeterRegistry registry) {
        this.region = region;
        this.registry = registry;
        this.regionTag = Tags.of("region", region.settings().regionName());
        this.readings = new NodeReadings(region);
        this.protocolClock = region.settings().protocolClock();
    }

    /** Registers every meter of {@code region} in {@code registry} and starts timing its client requests. */
    public static RegionMetrics bind(RegionRuntime region, MeterRegistry registry) {
        RegionMetrics m = new RegionMetrics(region, registry);
        if (region.settings().algorithm().isBaseline()) {
            // A baseline region runs one node with no epochs, log or chain servers to count.
            m.bindInFlight();
        } else {
            m.bindCoordinator();
            m.bindChainServers();
        }
        m.bindLinks();
        m.bindRunners();
        m.bindRequests();
        return m;
    }

    /**
     * Copies the protocol nodes' counters on their own threads, waiting at most
     * {@link #REFRESH_TIMEOUT}. Call it from one thread at a time.
     */
    public void refresh() throws InterruptedException {
        readings.refresh(REFRESH_TIMEOUT);
    }

    /** Stops timing client requests; the meters stay registered. */
    @Override
    public void close() {
        region.clients().observe(RequestObserver.NONE);
    }

    private void bindCoordinator() {
        outcome("committed", CatenaReadings.COMMITTED);
        outcome("aborted", CatenaReadings.ABORTED);
        outcome("rejected", CatenaReadings.REJECTED);
        outcome("dropped", CatenaReadings.DROPPED);
        counter("catena_transactions_received", "read-write transactions clients submitted to this region",
                CatenaReadings.RECEIVED);
        counter("catena_duplicate_requests", "retried requests recognised as duplicates", CatenaReadings.DUPLICATES);
        scheduled("non_conflicting", CatenaReadings.NON_CONFLICTING);
        scheduled("conflicting", CatenaReadings.CONFLICTING);
        counter("catena_read_only_queries", "read-only snapshot reads served", CatenaReadings.READ_ONLY_QUERIES);
        counter("catena_read_only_too_large", "snapshot reads refused because their answer would not fit in a frame",
                CatenaReadings.READ_ONLY_TOO_LARGE);
        counter("catena_epoch_message_bytes", "bytes of epoch messages sent to other regions",
                CatenaReadings.EPOCH_MESSAGE_BYTES);
        counter("catena_rlog_records_retransmitted", "log records sent again because a peer had not acknowledged them",
                CatenaReadings.RECORDS_RETRANSMITTED);
        bindInFlight();
        gauge("catena_rlog_backlog_records", "replicated log records held and not yet truncated", region,
                x -> readings.entry().get(CatenaReadings.HELD_RECORDS));
        counter("catena_transactions_too_large", "transactions refused on arrival for exceeding maxTransactionBytes",
                CatenaReadings.TOO_LARGE);
        counter("catena_transactions_deferred", "transactions logged in a later epoch than they arrived in, "
                + "for lack of room in a record", CatenaReadings.DEFERRED);
        gauge("catena_transactions_awaiting_record", "transactions that arrived and wait for room in a record", region,
                x -> readings.entry().get(CatenaReadings.AWAITING_RECORD));
        counter("catena_epoch_messages_full", "epoch messages that left a due record for a later epoch, "
                + "for lack of room", CatenaReadings.EPOCH_MESSAGES_FULL);
        for (RegionId peer : region.settings().protocol().regionIds()) {
            if (peer.equals(region.settings().region())) {
                continue;
            }
            Gauge.builder("catena_epoch_lag", region, x -> epochLag(peer))
                    .description("epochs between this region's clock and the newest epoch held from the peer region")
                    .tags(regionTag.and("from_region", region.settings().protocol().regionName(peer)))
                    .register(registry);
        }
        FunctionCounter.builder("catena_metrics_stale_readings", region, x -> readings.stale())
                .description("node readings that did not arrive in time for a scrape, which showed the previous one")
                .tags(regionTag).register(registry);
    }

    private void bindInFlight() {
        gauge("catena_transactions_in_flight", "transactions scheduled but not yet answered", region,
                x -> readings.entry().get(CatenaReadings.IN_FLIGHT));
    }

    private double epochLag(RegionId peer) {
        long now = protocolClock.nowMicros() / region.settings().protocol().epochLengthMicros() + 1;
        return Math.max(0, now - readings.entry().get(CatenaReadings.heldThrough(peer)));
    }

    private void bindChainServers() {
        Gauge.builder("catena_speculation_success_ratio", region,
                        x -> speculationSuccess(readings.sum(CatenaReadings.VALID_SPECULATIVE_HOPS),
                                readings.sum(CatenaReadings.CAUGHT_UP_HOPS)))
                .description("share of decided hops of conflicting transactions whose speculative inputs were right")
                .tags(regionTag).register(registry);
        FunctionCounter.builder("catena_hops", region,
                        x -> readings.sum(CatenaReadings.DECIDED_HOPS))
                .description("hops of decided executions").tags(regionTag).register(registry);
    }

    /**
     * Valid speculative hops over all hops that were speculated and then decided ({@code valid}
     * and {@code redone} summed over the region's chain servers); 1 when none were.
     */
    public static double speculationSuccess(long valid, long redone) {
        return valid + redone == 0 ? 1.0 : (double) valid / (valid + redone);
    }

    private void bindLinks() {
        for (PeerLink link : region.links()) {
            Tags t = regionTag.and("peer", region.settings().protocol().regionName(link.peer()));
            fate(link, t, "sent", l -> l.stats().sent());
            fate(link, t, "lost_by_emulation", l -> l.stats().lostByEmulation());
            fate(link, t, "dropped_disconnected", l -> l.stats().droppedDisconnected());
            fate(link, t, "shed", l -> l.stats().shed());
            Gauge.builder("catena_link_connected", link, l -> l.connected() ? 1 : 0)
                    .description("1 when the outbound link to the peer region has completed its handshake")
                    .tags(t).register(registry);
        }
        gauge("catena_client_connections", "open client connections", region.clients(), cl -> cl.open());
        ConnectionRefusals refusals = region.refusals();
        for (ConnectionRefusals.Reason reason : ConnectionRefusals.Reason.values()) {
            FunctionCounter.builder("catena_connections_refused", refusals, rf -> rf.count(reason))
                    .description("accepted connections closed during their handshake, by why")
                    .tags(regionTag.and("reason", reason.name().toLowerCase(Locale.ROOT))).register(registry);
        }
    }

    private void bindRequests() {
        InFlightRequests inFlight = region.clients().inFlight();
        gauge("catena_requests_awaiting_answer", "client requests timed and not answered yet", inFlight,
                InFlightRequests::size);
        FunctionCounter.builder("catena_requests_untimed", inFlight, InFlightRequests::untimedWhenFull)
                .description("client requests not timed, by why").tags(regionTag.and("reason", "table_full"))
                .register(registry);
        FunctionCounter.builder("catena_requests_untimed", inFlight, InFlightRequests::expired)
                .tags(regionTag.and("reason", "expired")).register(registry);
        region.clients().observe(new RequestMeters(registry, regionTag));
    }

    private void bindRunners() {
        for (NodeRunner r : region.runners()) {
            Tags t = regionTag.and("node", r.id().toString());
            Gauge.builder("catena_node_inbox", r, NodeRunner::inboxSize)
                    .description("steps waiting for the node's thread").tags(t).register(registry);
            FunctionCounter.builder("catena_node_failed_steps", r, NodeRunner::failedSteps)
                    .description("protocol steps that threw (zero in a healthy node)").tags(t).register(registry);
        }
    }

    private void outcome(String outcome, String reading) {
        FunctionCounter.builder("catena_transactions", region, x -> readings.entry().get(reading))
                .description("read-write transactions of every region decided in this region, by outcome")
                .tags(regionTag.and("outcome", outcome)).register(registry);
    }

    private void scheduled(String txnClass, String reading) {
        FunctionCounter.builder("catena_transactions_scheduled", region, x -> readings.entry().get(reading))
                .description("transactions of every region scheduled here, by whether they conflicted in their epoch")
                .tags(regionTag.and("class", txnClass)).register(registry);
    }

    private void counter(String name, String description, String reading) {
        FunctionCounter.builder(name, region, x -> readings.entry().get(reading))
                .description(description).tags(regionTag).register(registry);
    }

    private <T> void gauge(String name, String description, T source, ToDoubleFunction<T> f) {
        Gauge.builder(name, source, f).description(description).tags(regionTag).register(registry);
    }

    private void fate(PeerLink link, Tags tags, String fate, ToLongFunction<PeerLink> f) {
        FunctionCounter.builder("catena_link_messages", link, l -> f.applyAsLong(l))
                .description("messages to a peer region by what became of them").tags(tags.and("fate", fate))
                .register(registry);
    }
}
