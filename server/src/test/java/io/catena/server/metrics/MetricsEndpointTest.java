package io.catena.server.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.catena.client.Catena;
import io.catena.client.Connection;
import io.catena.client.TransactionAbortedException;
import io.catena.client.TxnOutcome;
import io.catena.core.config.ClusterConfig;
import io.catena.core.data.RowKey;
import io.catena.core.id.RegionId;
import io.catena.core.txn.Condition.Comparison;
import io.catena.core.procedure.ProcedureRegistry;
import io.catena.server.cluster.InProcessCluster;
import io.catena.server.cluster.Quiescence;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A region's {@code /metrics} and {@code /health} over real HTTP, on a three-region cluster on
 * loopback: what the Prometheus text says must match what a client of the region saw, and
 * health must follow the links to the other regions.
 */
class MetricsEndpointTest {

    private static final RegionId R0 = RegionId.of(0);
    private static final RegionId R2 = RegionId.of(2);
    private static final Duration WAIT = Duration.ofSeconds(10);
    private static final String LATENCY = "catena_request_latency_seconds";

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final List<AutoCloseable> toClose = new ArrayList<>();
    private InProcessCluster cluster;

    @BeforeEach
    void startCluster() throws InterruptedException {
        ClusterConfig protocol = ClusterConfig.builder().regions(List.of("region0", "region1", "region2")).build();
        cluster = InProcessCluster.start(InProcessCluster.Spec.loopback("demo", protocol, ProcedureRegistry.empty(), null), Map.of());
        assertThat(cluster.awaitConnected(WAIT)).as("regions connected").isTrue();
    }

    @AfterEach
    void stop() throws Exception {
        for (int i = toClose.size() - 1; i >= 0; i--) {
            toClose.get(i).close();
        }
        cluster.close();
    }

    private MetricsEndpoint endpoint(RegionId region) {
        MetricsEndpoint e = MetricsEndpoint.start(new InetSocketAddress("127.0.0.1", 0), cluster.region(region));
        toClose.add(e);
        return e;
    }

    private HttpResponse<String> get(MetricsEndpoint e, String path) throws IOException, InterruptedException {
        return send(e, HttpRequest.newBuilder(uri(e, path)).GET());
    }

    private HttpResponse<String> send(MetricsEndpoint e, HttpRequest.Builder request)
            throws IOException, InterruptedException {
        return http.send(request.timeout(WAIT).build(), HttpResponse.BodyHandlers.ofString());
    }

    private static URI uri(MetricsEndpoint e, String path) {
        return URI.create("http://127.0.0.1:" + e.address().getPort() + path);
    }

    private PrometheusText scrape(MetricsEndpoint e) throws IOException, InterruptedException {
        HttpResponse<String> r = get(e, "/metrics");
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.headers().firstValue("Content-Type")).hasValue(MetricsEndpoint.PROMETHEUS_TEXT);
        return PrometheusText.parse(r.body());
    }

    @Test
    void metricsAgreeWithWhatTheRegionsClientSaw() throws Exception {
        MetricsEndpoint metrics = endpoint(R0);
        Connection c = Catena.connect(cluster.url(R0));
        toClose.add(c);
        int commits = 0;
        int aborts = 0;
        RowKey hot = RowKey.of("accounts", "hot");
        c.transaction().insert(hot, Map.of("balance", 0L)).commit();
        commits++;
        for (int i = 0; i < 20; i++) {
            c.transaction().insert(RowKey.of("accounts", "a" + i), Map.of("balance", 100L)).commit();
            commits++;
        }
        List<CompletableFuture<TxnOutcome>> concurrent = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            concurrent.add(c.transaction().add(hot, "balance", 1).commitAsync());
        }
        concurrent.forEach(CompletableFuture::join);
        commits += concurrent.size();
        for (int i = 0; i < 5; i++) {
            RowKey key = RowKey.of("accounts", "a" + i);
            assertThatThrownBy(() -> c.transaction().check(key, "balance", Comparison.GE, 1_000L)
                    .add(key, "balance", -1_000).commit()).isInstanceOf(TransactionAbortedException.class);
            aborts++;
        }
        int reads = 8;
        for (int i = 0; i < reads; i++) {
            assertThat(c.read(hot).row(hot)).isPresent();
        }
        assertThat(Quiescence.await(cluster.regions(), WAIT)).as("regions settled").isTrue();

        PrometheusText text = scrape(metrics);

        String[] region = {"region", "region0"};
        assertThat(text.sum(LATENCY + "_count", "outcome", "committed", "class", "non_conflicting")
                + text.sum(LATENCY + "_count", "outcome", "committed", "class", "conflicting"))
                .as("read-write commits timed").isEqualTo(commits);
        assertThat(text.sum(LATENCY + "_count", "outcome", "aborted")).as("aborts timed").isEqualTo(aborts);
        assertThat(text.value(LATENCY + "_count", "class", "read_only", "outcome", "committed")).isEqualTo(reads);
        assertThat(text.value(LATENCY + "_bucket", "class", "read_only", "outcome", "committed", "le", "+Inf"))
                .isEqualTo(reads);
        assertThat(text.all(LATENCY + "_bucket", "class", "read_only", "le", "0.001")).hasSize(1);
        assertThat(text.all(LATENCY + "_bucket", "class", "read_only", "le", "10.0")).hasSize(1);
        assertThat(text.sum(LATENCY + "_sum")).as("total seconds").isGreaterThan(0).isLessThan(60);
        assertThat(text.value("catena_requests_awaiting_answer", region)).isZero();

        assertThat(text.value("catena_transactions_total", "outcome", "committed")).isEqualTo(commits);
        assertThat(text.value("catena_transactions_total", "outcome", "aborted")).isEqualTo(aborts);
        assertThat(text.value("catena_transactions_received_total", region)).isEqualTo(commits + aborts);
        assertThat(text.value("catena_read_only_queries_total", region)).isEqualTo(reads);
        assertThat(text.value("catena_read_only_too_large_total", region)).isZero();
        assertThat(text.sum("catena_transactions_scheduled_total")).isEqualTo(commits + aborts);
        assertThat(text.value("catena_transactions_in_flight", region)).isZero();
        assertThat(text.value("catena_rlog_backlog_records", region)).isGreaterThanOrEqualTo(0);
        assertThat(text.value("catena_speculation_success_ratio", region)).isBetween(0.0, 1.0);
        assertThat(text.value("catena_hops_total", region)).isGreaterThanOrEqualTo(commits + aborts);
        assertThat(text.value("catena_chain_partition_loads_total", region)).as("the keys written were loaded")
                .isPositive();
        assertThat(text.value("catena_chain_cached_bytes", region)).isPositive();
        assertThat(text.value("catena_chain_keys_evicted_total", region)).as("far below the budget").isZero();
        assertThat(text.value("catena_metrics_stale_readings_total", region)).isZero();
        assertThat(text.value("catena_client_connections", region)).isEqualTo(1);

        assertThat(text.all("catena_epoch_lag").stream().map(s -> s.labels().get("from_region")))
                .containsExactlyInAnyOrder("region1", "region2");
        for (String peer : List.of("region1", "region2")) {
            assertThat(text.value("catena_epoch_lag", "from_region", peer)).as("epochs behind " + peer)
                    .isBetween(0.0, 50.0);
            assertThat(text.value("catena_link_connected", "peer", peer)).isEqualTo(1);
            assertThat(text.value("catena_link_messages_total", "peer", peer, "fate", "sent")).isPositive();
        }
        assertThat(text.value("catena_connections_refused_total", "reason", "tls")).isZero();
    }

    @Test
    void healthFollowsTheLinksToThePeerRegions() throws Exception {
        MetricsEndpoint r0 = endpoint(R0);
        MetricsEndpoint r2 = endpoint(R2);

        HttpResponse<String> up = get(r0, "/health");
        assertThat(up.statusCode()).isEqualTo(200);
        assertThat(up.headers().firstValue("Content-Type")).hasValue("application/json");
        assertThat(up.body()).isEqualTo("{\"region\":\"region0\",\"status\":\"UP\",\"connectedPeers\":[\"region1\","
                + "\"region2\"],\"missingPeers\":[],\"failedSteps\":0}");

        cluster.region(R2).close();

        HttpResponse<String> degraded = awaitHealth(r0, "DEGRADED");
        assertThat(degraded.statusCode()).as("a degraded region still serves").isEqualTo(200);
        assertThat(degraded.body()).contains("\"connectedPeers\":[\"region1\"]", "\"missingPeers\":[\"region2\"]");
        HttpResponse<String> down = get(r2, "/health");
        assertThat(down.statusCode()).isEqualTo(503);
        assertThat(down.body()).contains("\"status\":\"DOWN\"", "\"missingPeers\":[\"region0\",\"region1\"]");

        Thread.sleep(500);
        PrometheusText text = scrape(r0);
        assertThat(text.value("catena_link_connected", "peer", "region2")).isZero();
        assertThat(text.value("catena_link_connected", "peer", "region1")).isEqualTo(1);
        assertThat(text.value("catena_epoch_lag", "from_region", "region2"))
                .as("the stopped region's epochs stop arriving")
                .isGreaterThan(text.value("catena_epoch_lag", "from_region", "region1") + 20);

        PrometheusText stopped = scrape(r2);
        assertThat(stopped.value("catena_metrics_stale_readings_total", "region", "region2"))
                .as("the stopped region's nodes no longer answer").isPositive();
    }

    private HttpResponse<String> awaitHealth(MetricsEndpoint e, String status) throws Exception {
        long deadline = System.nanoTime() + WAIT.toNanos();
        HttpResponse<String> r = get(e, "/health");
        while (!r.body().contains("\"status\":\"" + status + "\"") && System.nanoTime() < deadline) {
            Thread.sleep(20);
            r = get(e, "/health");
        }
        assertThat(r.body()).contains("\"status\":\"" + status + "\"");
        return r;
    }

    @Test
    void onlyGetOnTheTwoPathsIsServed() throws Exception {
        MetricsEndpoint e = endpoint(R0);

        for (String path : List.of("/", "/metricsx", "/health/details", "/favicon.ico")) {
            assertThat(get(e, path).statusCode()).as(path).isEqualTo(404);
        }
        HttpResponse<String> post = send(e, HttpRequest.newBuilder(uri(e, "/metrics"))
                .POST(HttpRequest.BodyPublishers.ofString("x")));
        assertThat(post.statusCode()).isEqualTo(405);
        assertThat(post.headers().firstValue("Allow")).hasValue("GET, HEAD");
        HttpResponse<String> head = send(e, HttpRequest.newBuilder(uri(e, "/health"))
                .method("HEAD", HttpRequest.BodyPublishers.noBody()));
        assertThat(head.statusCode()).isEqualTo(200);
        assertThat(head.body()).isEmpty();
    }
}
