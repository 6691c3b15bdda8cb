package io.catena.server.metrics;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.catena.server.region.RegionRuntime;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Executors;

/**
 * A region's HTTP endpoint for operators: {@code /metrics} in the Prometheus text format and
 * {@code /health} as JSON (HTTP 200 when UP or DEGRADED, 503 when DOWN, so a load balancer or a
 * Kubernetes probe can use it directly). Served by the JDK's small HTTP server on one thread:
 * scrapes are rare and cheap.
 */
public final class MetricsEndpoint implements AutoCloseable {

    private final HttpServer server;
    private final PrometheusMeterRegistry registry;

    private MetricsEndpoint(HttpServer server, PrometheusMeterRegistry registry) {
        this.server = server;
        this.registry = registry;
    }

    public static MetricsEndpoint start(InetSocketAddress address, RegionRuntime region) {
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        RegionMetrics.bind(region, registry);
        HttpServer server;
        try {
            server = HttpServer.create(address, 16);
        } catch (IOException e) {
            throw new IllegalStateException("cannot serve metrics on " + address.getHostString() + ":"
                    + address.getPort() + " (" + e.getMessage() + ")", e);
        }
        server.setExecutor(Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "catena-metrics");
            t.setDaemon(true);
            return t;
        }));
        server.createContext("/metrics", ex -> respond(ex, 200, "text/plain; version=0.0.4; charset=utf-8",
                registry.scrape()));
        server.createContext("/health", ex -> {
            HealthReport h = HealthReport.of(region);
            respond(ex, h.status() == HealthReport.Status.DOWN ? 503 : 200, "application/json", h.toJson());
        });
        server.start();
        return new MetricsEndpoint(server, registry);
    }

    private static void respond(HttpExchange ex, int status, String type, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        ex.getResponseHeaders().set("Content-Type", type);
        ex.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = ex.getResponseBody()) {
            out.write(bytes);
        }
    }

    public InetSocketAddress address() {
        return server.getAddress();
    }

    public PrometheusMeterRegistry registry() {
        return registry;
    }

    @Override
    public void close() {
        server.stop(0);
        registry.close();
    }
}
