package io.catena.server.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.catena.core.data.Row;
import io.catena.core.id.RequestId;
import io.catena.core.message.TxnReply;
import io.catena.core.txn.TxnResult;
import io.catena.server.net.RequestKind;
import io.catena.wire.ErrorNotice;
import io.micrometer.core.instrument.Tags;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class RequestMetersTest {

    private static final String LATENCY = "catena_request_latency_seconds";
    private static final long MILLIS = 1_000_000;

    private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    private final RequestMeters meters = new RequestMeters(registry, Tags.of("region", "eu"));

    @AfterEach
    void close() {
        registry.close();
    }

    private static TxnReply reply(TxnResult result, boolean contended) {
        return new TxnReply(new RequestId(1, 1), result, null, contended);
    }

    @Test
    void answersAreTimedByClassAndOutcomeInAHistogramWithSloBuckets() {
        TxnResult committed = TxnResult.committed(List.of(), Row.EMPTY);
        meters.answered(RequestKind.READ_WRITE, reply(committed, false), 3 * MILLIS);
        meters.answered(RequestKind.READ_WRITE, reply(committed, false), 40 * MILLIS);
        meters.answered(RequestKind.READ_WRITE, reply(committed, true), 70 * MILLIS);
        meters.answered(RequestKind.READ_WRITE, reply(TxnResult.aborted("check failed on accounts/alice"), true),
                90 * MILLIS);
        meters.answered(RequestKind.READ_WRITE, reply(TxnResult.rejected("unknown procedure x"), false), MILLIS / 2);
        meters.answered(RequestKind.READ_ONLY, reply(committed, false), 2 * MILLIS);
        meters.answered(RequestKind.OUTCOME_LOOKUP, reply(committed, true), 5 * MILLIS);

        PrometheusText text = PrometheusText.parse(registry.scrape());

        assertThat(text.value(LATENCY + "_count", "class", "non_conflicting", "outcome", "committed")).isEqualTo(2);
        assertThat(text.value(LATENCY + "_sum", "class", "non_conflicting", "outcome", "committed"))
                .isCloseTo(0.043, within(1e-9));
        assertThat(text.value(LATENCY + "_count", "class", "conflicting", "outcome", "committed")).isEqualTo(1);
        assertThat(text.value(LATENCY + "_count", "class", "conflicting", "outcome", "aborted")).isEqualTo(1);
        assertThat(text.value(LATENCY + "_count", "class", "not_executed", "outcome", "rejected")).isEqualTo(1);
        assertThat(text.value(LATENCY + "_count", "class", "read_only", "outcome", "committed")).isEqualTo(1);
        assertThat(text.value(LATENCY + "_count", "class", "outcome_lookup", "outcome", "committed"))
                .as("a lookup is timed apart from the transaction it asks about").isEqualTo(1);
        assertThat(text.all(LATENCY + "_count")).as("the free-text reason is never a tag")
                .allSatisfy(s -> assertThat(s.labels().keySet()).containsExactlyInAnyOrder("region", "class",
                        "outcome"));

        String[] series = {"class", "non_conflicting", "outcome", "committed"};
        for (String le : List.of("0.001", "0.005", "0.01", "0.05", "0.1", "1.0", "10.0", "+Inf")) {
            assertThat(text.all(LATENCY + "_bucket", concat(series, "le", le))).as("bucket le=" + le).hasSize(1);
        }
        assertThat(text.value(LATENCY + "_bucket", concat(series, "le", "0.001"))).isZero();
        assertThat(text.value(LATENCY + "_bucket", concat(series, "le", "0.005"))).isEqualTo(1);
        assertThat(text.value(LATENCY + "_bucket", concat(series, "le", "0.05"))).isEqualTo(2);
        assertThat(text.value(LATENCY + "_bucket", concat(series, "le", "+Inf"))).isEqualTo(2);
        assertThat(text.all(LATENCY + "_bucket", series)).as("buckets of one series").hasSizeLessThan(80);
    }

    @Test
    void refusalsAreCountedByKindAndReason() {
        meters.refused(RequestKind.READ_WRITE, ErrorNotice.Code.OVERLOADED);
        meters.refused(RequestKind.READ_WRITE, ErrorNotice.Code.OVERLOADED);
        meters.refused(RequestKind.READ_ONLY, ErrorNotice.Code.OVERLOADED);

        PrometheusText text = PrometheusText.parse(registry.scrape());

        assertThat(text.value("catena_requests_refused_total", "kind", "read_write", "reason", "overloaded"))
                .isEqualTo(2);
        assertThat(text.value("catena_requests_refused_total", "kind", "read_only", "reason", "overloaded"))
                .isEqualTo(1);
    }

    private static String[] concat(String[] pairs, String label, String value) {
        String[] out = java.util.Arrays.copyOf(pairs, pairs.length + 2);
        out[pairs.length] = label;
        out[pairs.length + 1] = value;
        return out;
    }
}
