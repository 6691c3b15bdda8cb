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
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A region's HTTP endpoint for operators: {@code GET /metrics} in the Prometheus text format and
 * {@code GET /health} as JSON (HTTP 200 when UP or DEGRADED, 503 when DOWN, so a load balancer or
 * a Kubernetes probe can use it directly). Any other path is 404, any other method 405. Served by
 * the JDK's small HTTP server on one thread: scrapes are rare and cheap.
 */
public final class MetricsEndpoint implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(MetricsEndpoint.class);
    static final String PROMETHEUS_TEXT = "text/plain; version=0.0.4; charset=utf-8";

    private final HttpServer server;
    private final ExecutorService executor;
    private final PrometheusMeterRegistry registry;
    private final RegionMetrics metrics;
    private final RegionRuntime region;

    private MetricsEndpoint(HttpServer server, RegionRuntime region) {
        this.server = server;
        this.region = region;
        this.registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        this.metrics = RegionMetrics.bind(region, registry);
        this.executor = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "catena-metrics-" + region.settings().regionName());
            t.setDaemon(true);
            return t;
        });
    }

    /** Serves {@code region}'s metrics and health on {@code address} (port 0 picks a free port). */
    public static MetricsEndpoint start(InetSocketAddress address, RegionRuntime region) {
        HttpServer server;
        try {
            server = HttpServer.create(address, 16);
        } catch (IOException e) {
            throw new IllegalStateException("cannot serve metrics on " + address.getHostString() + ":"
                    + address.getPort() + " (" + e.getMessage() + ")", e);
        }
        MetricsEndpoint endpoint = new MetricsEndpoint(server, region);
        server.setExecutor(endpoint.executor);
        server.createContext("/", endpoint::handle);
        server.start();
        return endpoint;
    }

    private void handle(HttpExchange ex) throws IOException {
        try {
            String path = ex.getRequestURI().getPath();
            boolean known = path.equals("/metrics") || path.equals("/health");
            if (!known) {
                respond(ex, 404, "text/plain; charset=utf-8", "no such path; try /metrics or /health\n");
            } else if (!ex.getRequestMethod().equals("GET") && !ex.getRequestMethod().equals("HEAD")) {
                ex.getResponseHeaders().set("Allow", "GET, HEAD");
                respond(ex, 405, "text/plain; charset=utf-8", "use GET\n");
            } else if (path.equals("/metrics")) {
                metrics.refresh();
                respond(ex, 200, PROMETHEUS_TEXT, registry.scrape());
            } else {
                HealthReport h = HealthReport.of(region);
                respond(ex, h.status() == HealthReport.Status.DOWN ? 503 : 200, "application/json", h.toJson());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (RuntimeException e) {
            log.warn("metrics endpoint of region {} failed to answer {}", region.settings().regionName(),
                    ex.getRequestURI(), e);
            if (ex.getResponseCode() == -1) {
                respond(ex, 500, "text/plain; charset=utf-8", "internal error: " + e + "\n");
            }
        } finally {
            ex.close();
        }
    }

    private static void respond(HttpExchange ex, int status, String type, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        ex.getResponseHeaders().set("Content-Type", type);
        if (ex.getRequestMethod().equals("HEAD")) {
            ex.sendResponseHeaders(status, -1);
            return;
        }
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
        executor.shutdownNow();
        metrics.close();
        registry.close();
    }
}
