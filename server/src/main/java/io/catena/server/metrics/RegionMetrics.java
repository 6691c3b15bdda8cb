package io.catena.server.metrics;

import io.catena.core.id.RegionId;
import io.catena.core.protocol.Series;
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
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
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
        m.bindProtocol();
        m.bindLinks();
        m.bindRunners();
        m.bindRequests();
        m.bindStorage();
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

    /** The protocol's own series ({@link io.catena.core.protocol.ProtocolPlugin#series}), from the last refresh. */
    private void bindProtocol() {
        RegionId local = region.settings().region();
        for (Series s : region.plugin().series(region.settings().protocol(), local)) {
            Tags tags = regionTag;
            for (Map.Entry<String, String> label : s.labels().entrySet()) {
                tags = tags.and(label.getKey(), label.getValue());
            }
            if (s.counter()) {
                FunctionCounter.builder(s.name(), region, x -> s.value().of(readings, protocolClock.nowMicros()))
                        .description(s.description()).tags(tags).register(registry);
            } else {
                Gauge.builder(s.name(), region, x -> s.value().of(readings, protocolClock.nowMicros()))
                        .description(s.description()).tags(tags).register(registry);
            }
        }
        FunctionCounter.builder("catena_metrics_stale_readings", region, x -> readings.stale())
                .description("node readings that did not arrive in time for a scrape, which showed the previous one")
                .tags(regionTag).register(registry);
    }

    private void bindLinks() {
        List<PeerLink> links = new ArrayList<>(region.links());
        links.addAll(region.memberLinks());
        for (PeerLink link : links) {
            // A link to another process of this region is named as /health names it.
            String peer = region.settings().protocol().regionName(link.peer())
                    + (link.peer().equals(region.settings().region()) ? " " + link.role() : "");
            Tags t = regionTag.and("peer", peer);
            fate(link, t, "sent", l -> l.stats().sent());
            fate(link, t, "lost_by_emulation", l -> l.stats().lostByEmulation());
            fate(link, t, "dropped_disconnected", l -> l.stats().droppedDisconnected());
            fate(link, t, "shed", l -> l.stats().shed());
            Gauge.builder("catena_link_connected", link, l -> l.connected() ? 1 : 0)
                    .description("1 when the outbound link to the peer region (or process of this region) has "
                            + "completed its handshake")
                    .tags(t).register(registry);
        }
        gauge("catena_client_connections", "open client connections", region.clients(), cl -> cl.open());
        gauge("catena_coordinator_leading", "1 while this coordinator's process leads its region", region, r -> 1);
        gauge("catena_coordinator_term", "the leader term this coordinator's process leads in; 0 in a region "
                + "without standbys", region, RegionRuntime::term);
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

    /**
     * On a store that spans storage nodes: this process's store calls that stayed on the node it is
     * pinned beside, and those that involved another (all zero in a process pinned to none).
     */
    private void bindStorage() {
        region.storageLocality().ifPresent(locality -> {
            FunctionCounter.builder("catena_storage_calls", locality, l -> l.localityCounts().ownNode())
                    .description("store calls by whether they stayed on the storage node this process runs beside")
                    .tags(regionTag.and("node", "own")).register(registry);
            FunctionCounter.builder("catena_storage_calls", locality, l -> l.localityCounts().otherNodes())
                    .tags(regionTag.and("node", "other")).register(registry);
        });
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
