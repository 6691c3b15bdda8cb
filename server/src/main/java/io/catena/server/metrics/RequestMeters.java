package io.catena.server.metrics;

import io.catena.core.message.TxnReply;
import io.catena.core.txn.Outcome;
import io.catena.server.net.RequestKind;
import io.catena.server.net.RequestObserver;
import io.catena.wire.ErrorNotice;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tags;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * Client requests as a region answered them: a latency histogram from arrival to answer per
 * transaction class and outcome, and the requests refused at once. Tags have few values (the
 * reply's outcome kind, never its free-text reason), so the number of series stays small.
 *
 * <p>Classes: {@code read_only} (snapshot reads), {@code non_conflicting} and {@code conflicting}
 * (read-write transactions ordered by their epoch alone, or validated across regions), and
 * {@code not_executed} (read-write transactions rejected or dropped before they ran).
 *
 * <p>Threading: any thread; meters are created on first use.
 */
final class RequestMeters implements RequestObserver {

    /** Buckets an operator can read an SLO from, between 1 ms and 10 s. */
    static final Duration[] SLO_BUCKETS = {
        Duration.ofMillis(1), Duration.ofMillis(2), Duration.ofMillis(5), Duration.ofMillis(10),
        Duration.ofMillis(20), Duration.ofMillis(50), Duration.ofMillis(100), Duration.ofMillis(200),
        Duration.ofMillis(500), Duration.ofSeconds(1), Duration.ofSeconds(2), Duration.ofSeconds(5),
        Duration.ofSeconds(10)
    };

    private final MeterRegistry registry;
    private final Tags regionTag;
    private final Map<String, Timer> latency = new ConcurrentHashMap<>();
    private final Map<String, Counter> refusals = new ConcurrentHashMap<>();

    RequestMeters(MeterRegistry registry, Tags regionTag) {
        this.registry = registry;
        this.regionTag = regionTag;
    }

    @Override
    public void answered(RequestKind kind, TxnReply reply, long latencyNanos) {
        String txnClass = txnClass(kind, reply);
        String outcome = reply.result().outcome().name().toLowerCase(Locale.ROOT);
        latency.computeIfAbsent(txnClass + "/" + outcome, k -> timer(txnClass, outcome))
                .record(latencyNanos, TimeUnit.NANOSECONDS);
    }

    @Override
    public void refused(RequestKind kind, ErrorNotice.Code code) {
        String k = kind.name().toLowerCase(Locale.ROOT);
        String reason = code.name().toLowerCase(Locale.ROOT);
        refusals.computeIfAbsent(k + "/" + reason, x -> Counter.builder("catena_requests_refused")
                .description("client requests refused at once, without running, by why")
                .tags(regionTag.and("kind", k, "reason", reason)).register(registry)).increment();
    }

    /** The class a reply puts its transaction in. */
    static String txnClass(RequestKind kind, TxnReply reply) {
        if (kind == RequestKind.READ_ONLY) {
            return "read_only";
        }
        if (kind == RequestKind.OUTCOME_LOOKUP) {
            return "outcome_lookup";
        }
        Outcome o = reply.result().outcome();
        if (o == Outcome.REJECTED || o == Outcome.DROPPED) {
            return "not_executed";
        }
        return reply.contended() ? "conflicting" : "non_conflicting";
    }

    private Timer timer(String txnClass, String outcome) {
        return Timer.builder("catena_request_latency")
                .description("time from a client request's arrival in the region to its answer leaving, "
                        + "by transaction class and outcome")
                .tags(regionTag.and("class", txnClass, "outcome", outcome))
                .publishPercentileHistogram()
                .minimumExpectedValue(SLO_BUCKETS[0])
                .maximumExpectedValue(SLO_BUCKETS[SLO_BUCKETS.length - 1])
                .serviceLevelObjectives(SLO_BUCKETS)
                .register(registry);
    }
}
