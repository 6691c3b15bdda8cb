package io.catena.server.metrics;

import io.catena.chainserver.ChainServer;
import io.catena.chainserver.ChainServerStats;
import io.catena.coordinator.Coordinator;
import io.catena.coordinator.CoordinatorStats;
import io.catena.core.id.NodeId;
import io.catena.core.id.RegionId;
import io.catena.server.host.NodeRunner;
import io.catena.server.net.PeerLink;
import io.catena.server.region.RegionRuntime;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import java.util.List;
import java.util.function.ToDoubleFunction;
import java.util.function.ToLongFunction;

/**
 * Publishes a region's protocol counters as Micrometer meters. The protocol nodes keep plain
 * counters on their own threads; meters read them when scraped, so the hot path pays nothing.
 * A scrape may see a counter a step late, which is all a monitoring system needs.
 */
public final class RegionMetrics {

    private final RegionRuntime region;
    private final MeterRegistry registry;
    private final Tags regionTag;

    private RegionMetrics(RegionRuntime region, MeterRegistry registry) {
        this.region = region;
        this.registry = registry;
        this.regionTag = Tags.of("region", region.settings().regionName());
    }

    /** Registers every meter of {@code region} in {@code registry}. */
    public static RegionMetrics bind(RegionRuntime region, MeterRegistry registry) {
        RegionMetrics m = new RegionMetrics(region, registry);
        m.bindCoordinator();
        m.bindChainServers();
        m.bindLinks();
        m.bindRunners();
        return m;
    }

    private void bindCoordinator() {
        Coordinator c = region.coordinator();
        CoordinatorStats s = c.stats();
        outcome("committed", s, st -> st.committed);
        outcome("aborted", s, st -> st.aborted);
        outcome("rejected", s, st -> st.txnsRejected);
        outcome("dropped", s, st -> st.txnsDropped);
        counter("catena_transactions_received", "read-write transactions clients submitted here", s,
                st -> st.txnsReceived);
        counter("catena_duplicate_requests", "retried requests recognised as duplicates", s,
                st -> st.duplicateRequests);
        FunctionCounter.builder("catena_transactions_scheduled", s, st -> st.nonConflicting)
                .description("transactions scheduled, by whether they conflicted within their epoch")
                .tags(regionTag.and("class", "non_conflicting")).register(registry);
        FunctionCounter.builder("catena_transactions_scheduled", s, st -> st.conflicting)
                .tags(regionTag.and("class", "conflicting")).register(registry);
        counter("catena_read_only_queries", "read-only snapshot reads served", s, st -> st.readOnlyQueries);
        counter("catena_epoch_message_bytes", "bytes of epoch messages sent to other regions", s,
                st -> st.epochMessageBytes);
        counter("catena_rlog_records_retransmitted", "log records sent again because a peer had not acknowledged them",
                s, st -> st.recordsRetransmitted);
        gauge("catena_transactions_in_flight", "transactions scheduled but not yet answered", c,
                Coordinator::transactionsInFlight);
        gauge("catena_rlog_backlog_records", "replicated log records held and not yet truncated", c,
                Coordinator::heldRecords);
        for (RegionId peer : region.settings().protocol().regionIds()) {
            Gauge.builder("catena_epoch_lag", c, co -> epochLag(co, peer))
                    .description("epochs between this region's clock and the newest epoch held from the region")
                    .tags(regionTag.and("from_region", region.settings().protocol().regionName(peer)))
                    .register(registry);
        }
    }

    private double epochLag(Coordinator c, RegionId peer) {
        long now = c.context().epochAt(region.settings().protocolClock().nowMicros());
        return Math.max(0, now - c.heldThrough(peer));
    }

    private void bindChainServers() {
        List<ChainServerStats> stats = region.runners().stream()
                .filter(r -> r.id().role() == NodeId.Role.CHAIN_SERVER)
                .map(r -> ((ChainServer) r.node()).stats()).toList();
        Gauge.builder("catena_speculation_success_ratio", stats, RegionMetrics::speculationSuccess)
                .description("share of decided hops of conflicting transactions whose speculative inputs were right")
                .tags(regionTag).register(registry);
        FunctionCounter.builder("catena_hops", stats, l -> l.stream().mapToLong(ChainServerStats::decidedHops).sum())
                .description("hops of decided executions").tags(regionTag).register(registry);
    }

    /** Valid speculative hops over all hops that were speculated and then decided; 1 when none were. */
    public static double speculationSuccess(List<ChainServerStats> stats) {
        long valid = stats.stream().mapToLong(ChainServerStats::validSpeculativeHops).sum();
        long redone = stats.stream().mapToLong(ChainServerStats::caughtUpHops).sum();
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

    private <T> void outcome(String outcome, T source, ToLongFunction<T> f) {
        FunctionCounter.builder("catena_transactions", source, s -> f.applyAsLong(s))
                .description("answered read-write transactions by outcome")
                .tags(regionTag.and("outcome", outcome)).register(registry);
    }

    private <T> void counter(String name, String description, T source, ToLongFunction<T> f) {
        FunctionCounter.builder(name, source, s -> f.applyAsLong(s)).description(description).tags(regionTag)
                .register(registry);
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
